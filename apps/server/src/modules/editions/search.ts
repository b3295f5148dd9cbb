import { dayOfPage, type EditionSearchResult, SEARCH_LIMITS } from '@portal/contract';
import { and, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { editionDays, editionPages, files } from '../../db/schema.ts';
import { defaultLanguageIds } from '../notifications/service.ts';
import { selectEditions, toFileRecord } from './edition-view.ts';

/**
 * PostgreSQL's text-search configuration for a language's ISO 639 code: its stemming where PostgreSQL has one
 * (forgive and forgiveness are then found by their stem), `simple` (whole words, msamaha) otherwise. A page's words
 * are stored by it (`edition_pages.search`, decision 059).
 */
const STEMMED: Record<string, string> = { en: 'english', fr: 'french', es: 'spanish', pt: 'portuguese' };
export const searchConfigOf = (code: string | null) => (code && STEMMED[code]) || 'simple';
const CONFIGS = [...Object.values(STEMMED), 'simple'];

/**
 * The pages whose words match `query` (websearch syntax, or plain words) in any configuration at once: one
 * constant the words' index takes, where the query in the page's own configuration (which ranks and marks the
 * words found) would have every page read. A page found by another language's stem of the query ranks last.
 */
function pageMatches(query: string, parse: 'websearch_to_tsquery' | 'plainto_tsquery') {
  const asQuery = (config: string) => sql`${sql.raw(parse)}(${config}::regconfig, ${query})`;
  const anyConfig = sql.join(CONFIGS.map(asQuery), sql` || `);
  // The page's own (its configuration's column given), chosen among the same constants (parsed once, not once a page).
  const own = (searchConfig: SQLWrapper) =>
    sql`(case ${searchConfig} ${sql.join(
      CONFIGS.map((config) => sql`when ${config}::regconfig then ${asQuery(config)}`),
      sql` `,
    )} end)`;
  return { where: sql`${editionPages.search} @@ (${anyConfig})`, own };
}

/**
 * The edition (of the query's `files`) has a page whose text has `words`: the File List's search finds editions by
 * their text too (issue 33).
 */
export const textHas = (words: string) =>
  sql`exists (select 1 from ${editionPages} where ${editionPages.fileId} = ${files.id}
    and ${pageMatches(words, 'plainto_tsquery').where})`;

/**
 * The newest pages that match, at most this many, are ranked (each rank reads the page's words): every match of a
 * rare word, the last two years or so of a word on every page (decision 063).
 */
export const RANKED_PAGES = 300;

/** Marks around a match in ts_headline's answer: characters no edition's text holds. */
const START = '\u0002';
const STOP = '\u0003';

/** ts_headline's answer as parts, each a match or not. */
export function snippetParts(headline: string): EditionSearchResult['snippet'] {
  return headline
    .split(new RegExp(`(${START}[^${STOP}]*${STOP})`))
    .filter((part) => part !== '')
    .map((part) => (part.startsWith(START) ? { text: part.slice(1, -1), match: true } : { text: part, match: false }));
}

/**
 * The pages of the member's editions (their edition languages, the home's rule) whose text matches `query` (words,
 * "a phrase", -without), best first among the newest RANKED_PAGES that match, each with some words around its
 * matches and the day it belongs to. On both databases: PGlite is PostgreSQL.
 */
export async function searchEditions(db: Database, accountId: string, query: string): Promise<EditionSearchResult[]> {
  const { where, own } = pageMatches(query, 'websearch_to_tsquery');
  const hits = await db.transaction(async (tx) => {
    // For this transaction (decision 063): a page's words are stored apart from it (TOAST), so the words' index,
    // which names the pages that match without reading their words, beats a scan of the table, which reads every
    // page's, though PostgreSQL's costs would choose the scan for a common word; the pages are in memory or on an
    // SSD (decision 059). Turning scans off makes the plan's cost look huge to the JIT compiler, whose 0.8 s of
    // compiling would then be most of a search's time.
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true),
        set_config('random_page_cost', '1.1', true)`,
    );
    // The pages that match, found in the index alone (OFFSET 0 keeps PostgreSQL from planning them with what
    // follows: it would walk the editions newest first, reading each page's words, every page for a rare word).
    const matched = tx
      .select({ fileId: editionPages.fileId, page: editionPages.page })
      .from(editionPages)
      .where(where)
      .offset(0)
      .as('matched');
    const newest = tx.$with('newest').as(
      tx
        .select({ fileId: matched.fileId, page: matched.page, year: files.year, month: files.month })
        .from(matched)
        .innerJoin(files, eq(files.id, matched.fileId))
        .where(sql`${files.languageId} = any(${defaultLanguageIds(accountId)})`)
        .orderBy(sql`${files.year} desc, ${files.month} desc, ${matched.page}`)
        .limit(RANKED_PAGES),
    );
    // Each of those pages ranked, joined by its key (OFFSET 0 again: planned with the LIMIT below, PostgreSQL would
    // rank every page of the table in the hope of finding the best few among them early).
    const ranked = tx
      .with(newest)
      .select({
        fileId: editionPages.fileId,
        page: editionPages.page,
        year: newest.year,
        month: newest.month,
        searchConfig: editionPages.searchConfig,
        text: editionPages.text,
        rank: sql<number>`ts_rank(${editionPages.search}, ${own(editionPages.searchConfig)})`.as('rank'),
      })
      .from(newest)
      .innerJoin(editionPages, and(eq(editionPages.fileId, newest.fileId), eq(editionPages.page, newest.page)))
      .offset(0)
      .as('ranked');
    return tx
      .select({
        fileId: ranked.fileId,
        page: ranked.page,
        headline: sql<string>`ts_headline(${ranked.searchConfig}, ${ranked.text}, ${own(ranked.searchConfig)},
        ${`StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`})`,
      })
      .from(ranked)
      .orderBy(sql`${ranked.rank} desc, ${ranked.year} desc, ${ranked.month} desc, ${ranked.page}`)
      .limit(SEARCH_LIMITS.results);
  });
  if (hits.length === 0) return [];
  // The editions and their day maps for the results only, not for every page that matched.
  const ids = [...new Set(hits.map(({ fileId }) => fileId))];
  const editions = new Map(
    (await selectEditions(db).where(inArray(files.id, ids))).map((row) => [row.file.id, toFileRecord(row)]),
  );
  const maps = new Map(
    (await db.select().from(editionDays).where(inArray(editionDays.fileId, ids))).map((row) => [row.fileId, row.days]),
  );
  return hits.flatMap(({ fileId, page, headline }) => {
    const file = editions.get(fileId);
    if (!file) return [];
    const day = dayOfPage(maps.get(fileId) ?? [], page)?.day ?? null;
    return [{ file, day, page, snippet: snippetParts(headline) }];
  });
}
