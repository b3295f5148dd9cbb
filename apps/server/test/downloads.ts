import { and, count, eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { downloadProgress, downloads } from '../src/db/schema.ts';
import type { TestApp } from './app.ts';

/**
 * The downloads of an edition once an account's running total for it holds `bytes`: a range that is no
 * download on its own is added to the total just after it goes out (downloads/record.ts), so a test waits for
 * its bytes before it counts.
 */
export async function downloadsAfter(app: TestApp, accountId: string, fileId: string, bytes: number) {
  await vi.waitFor(
    async () => {
      const [run] = await app.db
        .select({ bytes: downloadProgress.bytes })
        .from(downloadProgress)
        .where(and(eq(downloadProgress.accountId, accountId), eq(downloadProgress.fileId, fileId)));
      expect(run?.bytes ?? 0).toBe(bytes);
    },
    { timeout: 10_000, interval: 20 },
  );
  const [row] = await app.db.select({ n: count() }).from(downloads).where(eq(downloads.fileId, fileId));
  return row?.n ?? 0;
}
