import { dayOfPage, type EditionSearchResult, SEARCH_LIMITS } from '@portal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { editionDays, editionPages, files, languages } from '../../db/schema.ts';
import { defaultLanguageIds } from '../notifications/service.ts';
import { selectEditions, toFileRecord } from './edition-view.ts';

/**
 * PostgreSQL's text-search configuration for a language's ISO 639 code: its stemming where PostgreSQL has one
 * (msamaha, forgive and forgiveness are then found by their stems), `simple` (whole words) otherwise.
 */
const configOf = (code: unknown) => sql`(case ${code}
  when 'en' then 'english' when 'fr' then 'french' when 'es' then 'spanish' when 'pt' then 'portuguese'
  else 'simple' end)::regconfig`;

/**
 * The edition (of the query's `files` and `languages`) has a page whose text has `words`, by its language's
 * configuration as the members' search does: the File List's search finds editions by their text too (issue 33).
 */
export const textHas = (words: string) => {
  const config = configOf(languages.code);
  return sql`exists (select 1 from ${editionPages} where ${editionPages.fileId} = ${files.id}
    and to_tsvector(${config}, ${editionPages.text}) @@ plainto_tsquery(${config}, ${words}))`;
};

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
  const config = configOf(languages.code);
  const text = sql`to_tsvector(${config}, ${editionPages.text})`;
  const wanted = sql`websearch_to_tsquery(${config}, ${query})`;
  const hits = await db
    .select({
      fileId: editionPages.fileId,
      page: editionPages.page,
      headline: sql<string>`ts_headline(${config}, ${editionPages.text}, ${wanted},
        ${`StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`})`,
      days: editionDays.days,
    })
    .from(editionPages)
    .innerJoin(files, eq(files.id, editionPages.fileId))
    .innerJoin(languages, eq(languages.id, files.languageId))
    .leftJoin(editionDays, eq(editionDays.fileId, editionPages.fileId))
    .where(sql`${files.languageId} = any(${defaultLanguageIds(accountId)}) and ${text} @@ ${wanted}`)
    .orderBy(sql`ts_rank(${text}, ${wanted}) desc`, sql`${files.year} desc, ${files.month} desc, ${editionPages.page}`)
    .limit(SEARCH_LIMITS.results);
  if (hits.length === 0) return [];
  const editions = new Map(
    (await selectEditions(db).where(inArray(files.id, [...new Set(hits.map(({ fileId }) => fileId))]))).map((row) => [
      row.file.id,
      toFileRecord(row),
    ]),
  );
  return hits.flatMap(({ fileId, page, headline, days }) => {
    const file = editions.get(fileId);
    if (!file) return [];
    return [{ file, day: dayOfPage(days ?? [], page)?.day ?? null, page, snippet: snippetParts(headline) }];
  });
}
