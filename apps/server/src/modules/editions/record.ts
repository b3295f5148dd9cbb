import DataLoader from 'dataloader';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.ts';
import { perDatabase } from '../../db/per-database.ts';
import { downloadProgress, downloads } from '../../db/schema.ts';
import { roleOf } from '../accounts/account-view.ts';
import type { EditionRow } from './edition-view.ts';

/**
 * Bytes of an edition an account must be sent, in one request or many, for a download to count: fewer only
 * peek at it (a viewer reading its header or its end).
 */
export const PROBE_BYTES = 64 * 1024;

/** Whether `bytes` of the edition are a download: PROBE_BYTES, or the whole of a smaller file. */
export const enough = (edition: EditionRow, bytes: number) => bytes >= Math.min(PROBE_BYTES, edition.file.fileSize);

/**
 * One account's downloads of one edition within this window count once: a download manager's many
 * requests, a retry, and a client that also reports the download it just fetched. An account's bytes of an
 * edition add up until this long passes without any.
 */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

interface Wanted {
  accountId: string;
  edition: EditionRow;
  /** The bytes an answer sends; none for a client's report of a download, which counts by itself. */
  bytes?: number;
}

const pairOf = ({ accountId, edition }: Wanted) => `${accountId}:${edition.file.id}`;

/** One account and edition's part of a batch: its first request, the bytes of all, and whether one was a report. */
interface Pair {
  first: Wanted;
  bytes: number;
  reported: boolean;
}

/**
 * Records the downloads of a batch: each account's bytes of each edition are added to its running total
 * (`download_progress`), and a total that reaches `enough` for the first time in its run, or a report, is a
 * download unless that account's download of that file was recorded within the window. Whether each request
 * was the one recorded, in order. One transaction for the whole batch: its locks in one statement, one look
 * at the totals and one at recent downloads, one insert each, so the rush of the first of the month costs a
 * few statements per batch rather than several per download (decision 015). The statistics' rollups follow
 * each insert by trigger: their counting is db/sql/download-stats.sql.
 */
async function recordBatch(db: Database, batch: readonly Wanted[]): Promise<boolean[]> {
  const pairs = new Map<string, Pair>();
  for (const wanted of batch) {
    const pair = pairs.get(pairOf(wanted)) ?? { first: wanted, bytes: 0, reported: false };
    pairs.set(pairOf(wanted), pair);
    if (wanted.bytes === undefined) pair.reported = true;
    else pair.bytes += wanted.bytes;
  }
  const all = [...pairs.values()];
  const either = (table: typeof downloads | typeof downloadProgress, of: Pair[]) =>
    or(
      ...of.map(({ first: { accountId, edition } }) =>
        and(eq(table.accountId, accountId), eq(table.fileId, edition.file.id)),
      ),
    );
  return db.transaction(async (tx) => {
    // Requests arriving together, in this process or another, would each miss the other's bytes and download:
    // they take turns here, each batch taking its locks in one order so that two batches never wait for each other.
    const keys = sql.join(
      all.map(({ first }) => sql`(hashtextextended(${`download:${pairOf(first)}`}, 0))`),
      sql`, `,
    );
    await tx.execute(sql`select pg_advisory_xact_lock(key) from (values ${keys}) as locks(key) order by key`);
    const window = sql`now() - ${DUPLICATE_WINDOW_MS} * interval '1 millisecond'`;
    const sending = all.filter((pair) => pair.bytes > 0);
    const running =
      sending.length === 0
        ? []
        : await tx
            .select()
            .from(downloadProgress)
            .where(and(either(downloadProgress, sending), gt(downloadProgress.lastAt, window)));
    const runOf = new Map(running.map((row) => [`${row.accountId}:${row.fileId}`, row]));
    const totals = sending.map((pair) => {
      const run = runOf.get(pairOf(pair.first));
      const bytes = (run?.bytes ?? 0) + pair.bytes;
      const due = !run?.counted && enough(pair.first.edition, bytes);
      return { pair, bytes, counted: Boolean(run?.counted) || due, due };
    });
    const toRecord = new Set([
      ...all.filter((pair) => pair.reported),
      ...totals.filter((total) => total.due).map((total) => total.pair),
    ]);
    const recent =
      toRecord.size === 0
        ? []
        : await tx
            .select({ accountId: downloads.accountId, fileId: downloads.fileId })
            .from(downloads)
            .where(
              and(
                either(downloads, [...toRecord]),
                gt(downloads.downloadedAt, new Date(Date.now() - DUPLICATE_WINDOW_MS)),
              ),
            );
    const counted = new Set(recent.map(({ accountId, fileId }) => `${accountId}:${fileId}`));
    const fresh = [...toRecord].filter((pair) => !counted.has(pairOf(pair.first)));
    if (fresh.length > 0) {
      await tx.insert(downloads).values(
        fresh.map(({ first: { accountId, edition } }) => ({
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
    if (totals.length > 0) {
      await tx
        .insert(downloadProgress)
        .values(
          totals.map(({ pair, bytes, counted }) => ({
            accountId: pair.first.accountId,
            fileId: pair.first.edition.file.id,
            bytes,
            counted,
          })),
        )
        .onConflictDoUpdate({
          target: [downloadProgress.accountId, downloadProgress.fileId],
          set: { bytes: sql`excluded.bytes`, counted: sql`excluded.counted`, lastAt: sql`excluded.last_at` },
        });
    }
    // Runs that ended go, a few at a time, skipping any another batch is writing: last, so this waits for none.
    await tx.execute(sql`delete from ${downloadProgress} where (account_id, file_id) in (
      select account_id, file_id from ${downloadProgress} where last_at <= ${window}
      limit ${MOST_PER_BATCH} for update skip locked)`);
    const recorded = new Set(fresh);
    // A pair recorded is recorded for the first of the batch that asked for it.
    return batch.map((wanted) => {
      const pair = pairs.get(pairOf(wanted)) as Pair;
      return pair.first === wanted && recorded.has(pair);
    });
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
 * Adds the bytes an answer sends to the account's total for the edition, or records a client's report of a
 * download (no bytes), and says whether this made a download; `waiting` says what waits for the record.
 */
export async function recordDownload(
  { db, metrics }: Pick<FastifyInstance, 'db' | 'metrics'>,
  accountId: string,
  edition: EditionRow,
  { bytes, waiting = 'answer' }: { bytes?: number; waiting?: keyof typeof GATHER_MS } = {},
): Promise<boolean> {
  const recorded = await recordersOf(db)[waiting].load({ accountId, edition, bytes });
  if (recorded) metrics.downloads(1);
  return recorded;
}
