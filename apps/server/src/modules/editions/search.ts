import { dayOfPage, type EditionSearchResult, SEARCH_LIMITS } from '@portal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
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
  // The page's own, chosen among the same constants (parsed once, not once a page).
  const own = sql`(case ${editionPages.searchConfig} ${sql.join(
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
 * "a phrase", -without), best first, each with some words around its matches and the day it belongs to. On both
 * databases: PGlite is PostgreSQL.
 */
export async function searchEditions(db: Database, accountId: string, query: string): Promise<EditionSearchResult[]> {
  const { where, own } = pageMatches(query, 'websearch_to_tsquery');
  const hits = await db.transaction(async (tx) => {
    // The pages are in memory or on an SSD: reading the few the words' index names beats reading them all, which
    // PostgreSQL's default costs (for disks that seek) would choose for a common word (decision 059).
    await tx.execute(sql`set local random_page_cost = 1.1`);
    return tx
      .select({
        fileId: editionPages.fileId,
        page: editionPages.page,
        headline: sql<string>`ts_headline(${editionPages.searchConfig}, ${editionPages.text}, ${own},
        ${`StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`})`,
      })
      .from(editionPages)
      .innerJoin(files, eq(files.id, editionPages.fileId))
      .where(sql`${files.languageId} = any(${defaultLanguageIds(accountId)}) and ${where}`)
      .orderBy(
        sql`ts_rank(${editionPages.search}, ${own}) desc`,
        sql`${files.year} desc, ${files.month} desc, ${editionPages.page}`,
      )
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
