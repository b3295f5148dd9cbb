import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DAYS_BACKFILL_QUEUE, DAYS_QUEUE, type DaysJob, mapEdition, queueUnread } from './service.ts';

/** The worker that reads each edition's PDF, one at a time. */
export const workOnDays = (app: FastifyInstance) =>
  app.jobs.work<DaysJob>(DAYS_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    await mapEdition(app, job.data.fileId);
    // The editions' lists find an edition by its text now (the File List's search): a list kept before is not.
    await app.lists.clear();
  });

/**
 * The day map's workers (decision 050): each edition's PDF read after its upload, and once at start a run that
 * queues every edition not read yet (stored before, or left by a stop).
 */
export default fp(
  async (app: FastifyInstance) => {
    const { jobs } = app;
    await jobs.createQueue(DAYS_QUEUE, { retryLimit: 3, retryDelay: 60, retryBackoff: true, heartbeatSeconds: 30 });
    await jobs.createQueue(DAYS_BACKFILL_QUEUE, { policy: 'short', retryLimit: 5, retryDelay: 30 });
    await workOnDays(app);
    await jobs.work(DAYS_BACKFILL_QUEUE, { pollingIntervalSeconds: 1 }, () => queueUnread(app));
    await jobs.send(DAYS_BACKFILL_QUEUE, {});
  },
  { name: 'edition-days-jobs', dependencies: ['jobs', 'db', 'storage', 'list-cache'] },
);
