import { BadRequest } from '../../errors.ts';

/** One document of a collection, with Extended JSON already turned into plain values. */
export type LegacyDocument = Record<string, unknown>;

/**
 * mongoexport writes BSON types as one-key objects: `{$oid}` becomes the id's hex string, `{$date}`
 * a Date (its value is an ISO string or, revived first, a `{$numberLong}` of milliseconds), numbers
 * a number. JSON.parse revives the innermost values first, so nesting needs no special care.
 * NUL characters, which MongoDB kept and PostgreSQL refuses, are dropped from every string.
 */
function revive(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value);
  const [first] = entries;
  if (entries.length !== 1 || !first) return value;
  const [type, inner] = first;
  switch (type) {
    case '$oid':
      return String(inner);
    case '$date':
      return new Date(inner as string | number);
    case '$numberInt':
    case '$numberLong':
    case '$numberDouble':
      return Number(inner);
    default:
      return value;
  }
}

const isDocument = (value: unknown): value is LegacyDocument =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** The documents of one exported collection: JSON Lines (mongoexport's default) or a JSON array (--jsonArray). */
export function parseCollection(text: string, file: string): LegacyDocument[] {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trimStart().startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body, revive);
    } catch {
      throw new BadRequest(`${file} is not valid JSON.`);
    }
    const documents = parsed as unknown[];
    const wrong = documents.findIndex((document) => !isDocument(document));
    if (wrong !== -1) throw new BadRequest(`${file}: item ${wrong + 1} of the array is not a document.`);
    return documents as LegacyDocument[];
  }
  const documents: LegacyDocument[] = [];
  body.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim()) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line, revive);
    } catch {
      throw new BadRequest(`${file}, line ${index + 1}: not valid JSON.`);
    }
    if (!isDocument(parsed)) throw new BadRequest(`${file}, line ${index + 1}: not a document.`);
    documents.push(parsed);
  });
  return documents;
}
