import { createHash, randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/index.ts';

/** Bodies smaller than this go out as they are: compressing them saves nothing. */
const COMPRESS_FROM_BYTES = 1024;
/** The lists kept at once (books, languages, countries, churches, and the edition pages members ask for). */
const MAX_ENTRIES = 500;
/** The records kept at once: every edition and every account that downloads in a month's rush. */
const MAX_RECORDS = 200_000;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface Entry {
  etag: string;
  body: Buffer;
  compressed: Partial<Record<Encoding, Buffer>>;
}

const compressors: Record<Encoding, (body: Buffer) => Buffer> = {
  // Quality 5 compresses a 500 KB list in milliseconds, to within a few per cent of quality 11.
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => gzipSync(body),
};

const quotedEtag = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** If-None-Match names this ETag (or `*`): the client's copy is current. */
function isCurrent(request: FastifyRequest, etag: string) {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const each = tag.trim().replace(/^W\//, '');
    return each === etag || each === '*';
  });
}

export interface ListCache {
  /**
   * Answers a GET of a list that is the same for everyone allowed to see it (the route's guard has run):
   * from memory when the list is cached, serialised and compressed once, with its ETag (304 when the
   * client has it); otherwise `load` reads it, and it is kept until the next write.
   */
  send(request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>): Promise<void>;
  /**
   * A record the download path reads for every request (an edition, whether an account exists), read once
   * by `load` and kept until the next clear; the requests that ask while it is read share that read. A read
   * that fails is not kept.
   */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every list, here and in every other instance: called after each write that could change one. */
  clear(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    lists: ListCache;
  }
}

function createListCache() {
  const entries = new Map<string, Entry>();
  // A clear drops the reads under way too, so a read begun before a write is never kept after it.
  const records = new Map<string, Promise<unknown>>();
  // A list read while a write cleared the cache may be the old one: it is sent but not kept.
  let generation = 0;

  const reply304OrBody = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    reply.header('ETag', entry.etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    if (isCurrent(request, entry.etag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    if (entry.body.length < COMPRESS_FROM_BYTES) return reply.send(entry.body);
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null;
    if (!encoding) return reply.send(entry.body);
    entry.compressed[encoding] ??= compressors[encoding](entry.body);
    return reply.header('Content-Encoding', encoding).send(entry.compressed[encoding]);
  };

  return {
    async send(request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>) {
      // The route and its validated query: parameters the schema doesn't know can't make new entries.
      const key = `${request.routeOptions.url} ${JSON.stringify(request.params ?? {})} ${JSON.stringify(request.query ?? {})}`;
      const cached = entries.get(key);
      if (cached) {
        reply304OrBody(request, reply, cached);
        return;
      }
      const started = generation;
      const body = Buffer.from(reply.serialize(await load()) as string);
      const entry: Entry = { etag: quotedEtag(body), body, compressed: {} };
      if (started === generation) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(key, entry);
      }
      reply304OrBody(request, reply, entry);
    },
    remember<T>(key: string, load: () => Promise<T>): Promise<T> {
      const kept = records.get(key);
      if (kept) return kept as Promise<T>;
      const read = load();
      if (records.size >= MAX_RECORDS) records.delete(records.keys().next().value as string);
      records.set(key, read);
      read.catch(() => records.get(key) === read && records.delete(key));
      return read;
    },
    forget() {
      generation++;
      entries.clear();
      records.clear();
    },
  };
}

/** Where instances on one PostgreSQL tell each other to forget their lists. */
const CHANNEL = 'portal_lists';

/** Tells every instance on the database to forget its lists: for a command that changed them (an import). */
export async function announceListChanges(db: Database, from = '') {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${from})`);
}

/**
 * The public lists (books, languages, countries, churches, editions) kept in memory between writes, so the
 * first-of-the-month rush reads them from memory rather than from the database (decision 020), and the
 * records every download reads (decision 015). A module whose writes change a list registers
 * `clearListsAfterWrites` on its routes.
 */
export default fp(
  async (app: FastifyInstance) => {
    const cache = createListCache();
    const { listen } = app.database;
    // Each instance hears its own word too: it has forgotten already.
    const self = randomUUID();
    if (listen) await listen(CHANNEL, (from) => from !== self && cache.forget());
    app.decorate('lists', {
      send: cache.send,
      remember: cache.remember,
      async clear() {
        cache.forget();
        if (listen) await announceListChanges(app.db, self);
      },
    } satisfies ListCache);
  },
  { name: 'list-cache', dependencies: ['db'] },
);

/**
 * Within a module's plugin: each of its writes (any method but GET and HEAD) clears the lists before its
 * answer leaves, so the client's next read sees the change. A refused write costs one reload.
 */
export function clearListsAfterWrites(app: FastifyInstance) {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await app.lists.clear();
    return payload;
  });
}
