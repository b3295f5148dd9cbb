import type { EditionNotifications } from '@portal/contract';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notificationDeliveries, settings } from '../../db/schema.ts';
import { findEdition } from '../editions/service.ts';
import { PAUSED_SETTING, queueSends } from './service.ts';

type App = Pick<FastifyInstance, 'db' | 'jobs'>;

/** For the File List: each edition's members mailed, waiting and failed, with the failures' reasons. */
export async function editionNotifications(app: App): Promise<EditionNotifications[]> {
  const rows = await app.db
    .select({
      fileId: notificationDeliveries.fileId,
      status: notificationDeliveries.status,
      error: notificationDeliveries.error,
      n: count(),
    })
    .from(notificationDeliveries)
    .groupBy(notificationDeliveries.fileId, notificationDeliveries.status, notificationDeliveries.error);
  const editions = new Map<string, EditionNotifications>();
  for (const { fileId, status, error, n } of rows) {
    let edition = editions.get(fileId);
    if (!edition) {
      edition = { fileId, sent: 0, queued: 0, failed: 0, reasons: [] };
      editions.set(fileId, edition);
    }
    edition[status] += n;
    if (status === 'failed') edition.reasons.push({ error: error ?? '', count: n });
  }
  return [...editions.values()];
}

/** Pauses or resumes every new-edition mail; resuming queues again the mails that waited. */
export async function setPaused(app: App, paused: boolean) {
  await app.db
    .insert(settings)
    .values({ name: PAUSED_SETTING, value: String(paused) })
    .onConflictDoUpdate({ target: settings.name, set: { value: String(paused) } });
  if (!paused) await queueSends(app, undefined);
}

/** An edition's failed mails are tried again, from their first attempt; an unknown edition is not found. */
export async function resendFailed(app: App, fileId: string) {
  await findEdition(app.db, fileId);
  const failed = and(eq(notificationDeliveries.fileId, fileId), eq(notificationDeliveries.status, 'failed'));
  const again = await app.db
    .update(notificationDeliveries)
    .set({ status: 'queued', attempts: 0, error: null })
    .where(failed)
    .returning({ accountId: notificationDeliveries.accountId });
  if (again.length > 0) await queueSends(app, eq(notificationDeliveries.fileId, fileId));
  return again.length;
}
