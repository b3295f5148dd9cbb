import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/index.ts';
import { downloadStatsZone, downloads } from '../../db/schema.ts';
import type { Clock } from './service.ts';

// The rollups (download_counts, download_readers) are kept by triggers on `downloads`, whose counting is
// db/sql/download-stats.sql; the queries that read them are service.ts's.

/**
 * Makes the statistics' rollups count whole days in the clock's time zone. When they count another (a new
 * TIME_ZONE; migration 0004 counted in UTC), every download is counted again while writers of downloads
 * wait, so that none is counted in the old zone's days. Returns whether the rollups were rebuilt.
 */
export async function countDaysIn(db: Database, { timeZone }: Clock): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(downloadStatsZone);
    if (current?.timeZone === timeZone) return false;
    await tx.execute(sql`lock table ${downloads} in share mode`);
    await tx.update(downloadStatsZone).set({ timeZone });
    await tx.execute(sql`select download_stats_rebuild()`);
    return true;
  });
}

/** Before the first request: the rollups count days in the configured time zone. */
export default fp(
  async (app: FastifyInstance) => {
    const clock = { timeZone: app.config.timeZone };
    app.addHook('onReady', async () => {
      if (await countDaysIn(app.db, clock)) app.log.info(`Download statistics counted again in ${clock.timeZone} days`);
    });
  },
  { name: 'stats-rollups', dependencies: ['db'] },
);
