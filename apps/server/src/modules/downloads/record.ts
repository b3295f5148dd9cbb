import type { Role } from '@portal/contract';
import DataLoader from 'dataloader';
import { and, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.ts';
import { accounts, downloads } from '../../db/schema.ts';
import type { EditionRow } from '../files/file-view.ts';
import { perDatabase } from './per-database.ts';

/** A range request from the file's start shorter than this only peeks at it, and counts as no download. */
export const PROBE_BYTES = 64 * 1024;

/**
 * One account's downloads of one edition within this window count once: a download manager's many
 * requests, a retry, and a client that also reports the download it just fetched.
 */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * The role a download is made in, read as it is written: the account's role at that moment, whatever its
 * session or download link said when it was issued (decision 026).
 */
export const roleOf = (accountId: string): SQL<Role> =>
  sql`(select ${accounts.role} from ${accounts} where ${accounts.id} = ${accountId})`;

interface Wanted {
  accountId: string;
  edition: EditionRow;
}

const pairOf = ({ accountId, edition }: Wanted) => `${accountId}:${edition.file.id}`;

/**
 * Records the downloads of a batch, each unless that account's download of that file was recorded within
 * the window (or comes earlier in the batch): whether each was recorded, in order. One transaction for the
 * whole batch: its locks in one statement, one look for recent downloads, one insert, so the rush of the
 * first of the month costs a few statements per batch rather than five per download (decision 015).
 */
async function recordBatch(db: Database, batch: readonly Wanted[]): Promise<boolean[]> {
  const firstAsked = new Map<string, Wanted>();
  for (const wanted of batch) if (!firstAsked.has(pairOf(wanted))) firstAsked.set(pairOf(wanted), wanted);
  const pairs = [...firstAsked.values()];
  return db.transaction(async (tx) => {
    // Requests arriving together, in this process or another, would each find no earlier download: they take
    // turns here, each batch taking its locks in one order so that two batches never wait for each other.
    const keys = sql.join(
      pairs.map((wanted) => sql`(hashtextextended(${`download:${pairOf(wanted)}`}, 0))`),
      sql`, `,
    );
    await tx.execute(sql`select pg_advisory_xact_lock(key) from (values ${keys}) as locks(key) order by key`);
    const recent = await tx
      .select({ accountId: downloads.accountId, fileId: downloads.fileId })
      .from(downloads)
      .where(
        and(
          or(
            ...pairs.map(({ accountId, edition }) =>
              and(eq(downloads.accountId, accountId), eq(downloads.fileId, edition.file.id)),
            ),
          ),
          gt(downloads.downloadedAt, new Date(Date.now() - DUPLICATE_WINDOW_MS)),
        ),
      );
    const counted = new Set(recent.map(({ accountId, fileId }) => `${accountId}:${fileId}`));
    const fresh = pairs.filter((wanted) => !counted.has(pairOf(wanted)));
    if (fresh.length > 0) {
      await tx.insert(downloads).values(
        fresh.map(({ accountId, edition }) => ({
          accountId,
          fileId: edition.file.id,
          bookName: edition.bookName,
          languageName: edition.languageName,
          year: edition.file.year,
          month: edition.file.month,
          role: roleOf(accountId),
        })),
      );
    }
    // A new pair is recorded for the first of the batch that asked for it.
    return batch.map((wanted) => firstAsked.get(pairOf(wanted)) === wanted && !counted.has(pairOf(wanted)));
  });
}

/**
 * How long a batch gathers the downloads that follow its first before it is written. Meanwhile the
 * look-ups of the downloads starting run freely: a transaction holds the embedded database to itself, and
 * written one by one, each download's record would stand between the next download and its first byte.
 * A download whose answer waits for its record (X-Accel-Redirect, a client's report) gathers briefly; one
 * whose last byte waits for it has the time its other bytes take, and gathers longer (decision 015).
 */
const GATHER_MS = { answer: 10, lastByte: 100 } as const;
/** The most downloads one batch writes: its statements name each, and stay small. */
const MOST_PER_BATCH = 250;

/**
 * A recorder: downloads gather for `gatherMs`, and a batch is written once the one before it is, so under
 * load the batches grow instead of the queue.
 */
function recorder(db: Database, gatherMs: number) {
  let writing: Promise<unknown> = Promise.resolve();
  return new DataLoader<Wanted, boolean>(
    (batch) => {
      const written = recordBatch(db, batch);
      writing = written;
      return written;
    },
    {
      cache: false,
      maxBatchSize: MOST_PER_BATCH,
      batchScheduleFn: (dispatch) => {
        setTimeout(() => writing.then(dispatch, dispatch), gatherMs);
      },
    },
  );
}

const recordersOf = perDatabase((db) => ({
  answer: recorder(db, GATHER_MS.answer),
  lastByte: recorder(db, GATHER_MS.lastByte),
}));

/**
 * Records a download unless this account's download of the file was recorded within the window; `waiting`
 * says what waits for the record.
 */
export async function recordDownload(
  { db, metrics }: Pick<FastifyInstance, 'db' | 'metrics'>,
  accountId: string,
  edition: EditionRow,
  waiting: keyof typeof GATHER_MS = 'answer',
): Promise<boolean> {
  const recorded = await recordersOf(db)[waiting].load({ accountId, edition });
  if (recorded) metrics.downloads(1);
  return recorded;
}
