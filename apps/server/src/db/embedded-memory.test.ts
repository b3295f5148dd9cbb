import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './index.ts';

describe('the embedded database', () => {
  it('keeps PostgreSQL’s page cache at 32 MB of the process’s memory (decision 018)', async () => {
    const handle = await openDatabase({ inMemory: true });
    try {
      const result = await handle.db.execute(sql`show shared_buffers`);
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ shared_buffers: '32MB' }]);
    } finally {
      await handle.close();
    }
  });
});
