import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { restRoute } from '../../src/legacy-paths.ts';
import { makePdf, multipart } from '../files.ts';
import type { JsonSchema, Operation } from './operations.ts';
import { DATE_PATTERN, field, type Hints, HOSTILE, valueFor } from './values.ts';

/** Records that exist while the fuzz runs, so requests can name them. */
export interface Pool {
  ids: Record<'church' | 'language' | 'book' | 'edition' | 'account', string[]>;
  emails: string[];
  passwords: string[];
  /** Book and language names in use. */
  names: string[];
}

interface FilePart {
  name: string;
  data: Buffer;
  type?: string;
  field?: string;
}

/** A request before it is addressed to a caller: its parts, and the changes made to a valid one. */
export interface Draft {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The JSON body, or a multipart request's fields. */
  body: unknown;
  multipart: boolean;
  file?: FilePart | undefined;
  /** A body sent as it is instead (malformed JSON...). */
  raw?: string;
  /** Replaces the content type; '' sends none. */
  contentType?: string;
  /** The share of the encoded body sent. */
  cut?: number;
  rawPath?: boolean;
  rawQuery?: string;
  headers: Record<string, string>;
  /** The cookie header; OWN_COOKIE in it stands for the caller's refresh cookie. */
  cookie?: string;
  /** Replaces the caller's access token with one of TOKEN_TRICKS. */
  token?: TokenTrick;
  changes: Change[];
}

export interface Change {
  /** What kind of change, for grouping: "body.name ← NUL or control characters". */
  shape: string;
  /** The change itself: body.name = "a\u0000b". */
  detail: string;
  apply(draft: Draft): Draft;
}

export const OWN_COOKIE = '{own}';
export const TOKEN_TRICKS = [
  'garbage token',
  'tampered signature',
  'expired token',
  'forged token whose sub is no uuid',
  'forged token of no account',
  'another scheme',
  'very long token',
] as const;
export type TokenTrick = (typeof TOKEN_TRICKS)[number];

interface Form {
  fields: Record<string, fc.Arbitrary<string>>;
  file: FilePart;
}

const editionForm = (pool: Pool): Form => ({
  fields: {
    book: fc.constantFrom('Teevo', 'Take5'),
    language: fc.constantFrom(...pool.names),
    year: fc.constantFrom('2025', '2026'),
    month: fc.constantFrom('3', 'March', '12'),
  },
  file: { name: 'Teevo_English_2025_03.pdf', data: makePdf('Fuzz edition') },
});
const countryForm = (): Form => ({
  fields: {},
  file: { field: 'jsonfile', name: 'countries.json', type: 'application/json', data: Buffer.from('["Ghana","Kenya"]') },
});
/** A one-pixel PNG, which the server makes a cover of. */
const coverForm = (): Form => ({
  fields: {},
  file: {
    field: 'image',
    name: 'cover.png',
    type: 'image/png',
    data: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  },
});
const legacyChurch = { _id: { $oid: '65920000aaaaaaaaaaaaaaaa' }, name: 'Legacy Chapel', country: 'Ghana' };

/** The routes taking multipart/form-data (the OpenAPI document shows no body for them), with a valid form each. */
export const FORMS: Record<string, (pool: Pool) => Form> = {
  'POST /api/files': editionForm,
  'POST /api/countries': countryForm,
  'PUT /api/books/:id/cover': coverForm,
  'POST /api/countries/preview': countryForm,
  'POST /api/migrate/import': () => ({
    fields: { dryRun: fc.constant('true') },
    file: { name: 'churches.json', type: 'application/json', data: Buffer.from(JSON.stringify([legacyChurch])) },
  }),
};

/** Which kind of record an id names: by the field's name, or for `:id` by the route's path. */
const ID_KINDS: [RegExp, keyof Pool['ids']][] = [
  [/church/i, 'church'],
  [/language/i, 'language'],
  [/book/i, 'book'],
  [/file|translation/i, 'edition'],
  [/account|user/i, 'account'],
];
const ID_FIELDS = ['id', 'userId', 'user', 'file', 'church'];

/** Values for the fields of `operation` of these names that reach past validation. */
function hintsFor(operation: Operation, pool: Pool): Hints {
  const anyId = fc.constantFrom(...Object.values(pool.ids).flat());
  const idFor = (name: string) => {
    const kind = ID_KINDS.find(([pattern]) => pattern.test(name === 'id' ? operation.path : name))?.[1];
    return kind ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool.ids[kind]) }, anyId) : anyId;
  };
  const names = fc.constantFrom(...pool.names);
  return {
    ...Object.fromEntries(ID_FIELDS.map((name) => [name, idFor(name)])),
    ...Object.fromEntries(['name', 'book', 'language', 'book_language'].map((name) => [name, names])),
    email: fc.oneof(
      fc.constantFrom(...pool.emails),
      fc.nat(99_999).map((n) => `fuzz${n}@example.org`),
    ),
    password: fc.constantFrom(...pool.passwords),
    country: fc.constantFrom('Ghana', 'Kenya'),
    year: fc.constantFrom(2025, 2026),
    month: fc.integer({ min: 1, max: 12 }),
  };
}

/** Mostly a body's password confirmed, as forms send it. */
const confirmed = (body: fc.Arbitrary<unknown>) =>
  fc.tuple(body, fc.nat(3)).map(([value, dice]) => {
    const fields = asObject(value);
    return dice > 0 && 'confirmPassword' in fields ? { ...fields, confirmPassword: fields.password } : value;
  });

/** Abbreviates long strings so a request can be printed. */
export const preview = (value: unknown) =>
  JSON.stringify(value, (_key, item) =>
    typeof item === 'string' && item.length > 80 ? `${item.slice(0, 30)}…(${item.length} chars)` : item,
  ) ?? String(value);

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
const asObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function setField(path: string, what: string, value: unknown): Change {
  const [where, key] = path.split('.') as ['params' | 'query' | 'body', string];
  return {
    shape: `${path} ← ${what}`,
    detail: `${path} = ${preview(value)}`,
    apply: (draft) => ({ ...draft, [where]: { ...asObject(draft[where]), [key]: value } }),
  };
}

function dropField(path: string): Change {
  const [where, key] = path.split('.') as ['params' | 'query' | 'body', string];
  return {
    shape: `${path} missing`,
    detail: `${path} missing`,
    apply: (draft) => ({ ...draft, [where]: { ...asObject(draft[where]), [key]: undefined } }),
  };
}

const change = (shape: string, apply: Change['apply'], detail = shape): Change => ({ shape, detail, apply });

const RAW_BODIES = [
  ...['', '{', '{"a":', '{"a":1}}', "{'a':1}", 'null', '[]', '"text"', '123', '\u0000', '\ufeff{}', '{"a":1e999999}'],
  ...['{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
  `{"a":"${'x'.repeat(1_100_000)}"}`,
];
const CONTENT_TYPES = [
  ...['', 'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/vnd.api+json'],
  ...['application/json; charset=utf-16', 'application/json; charset=nope', 'APPLICATION/JSON', 'multipart/mixed'],
];
const COOKIES = [
  OWN_COOKIE,
  `refreshToken=${OWN_COOKIE}; refreshToken=garbage`,
  'refreshToken=garbage',
  `refreshToken=${'a'.repeat(10_000)}`,
  'refreshToken=%00%ff',
  'refreshToken="unterminated',
  '=;;=',
];
const HEADERS: Record<string, string>[] = [
  ...['bytes=0-', 'bytes=-1', 'bytes=99999999999999999999-', 'bytes=5-1', 'bytes=0-1,2-3', 'items=0-1'].map(
    (range) => ({
      range,
    }),
  ),
  { 'if-none-match': '*' },
  { range: 'bytes=0-9', 'if-range': '"stale"' },
  { 'if-modified-since': 'not a date' },
  { 'accept-encoding': 'gzip;q=NaN, br;q=2' },
  { 'x-forwarded-for': 'not-an-ip, 999.1.1.1' },
  { 'content-encoding': 'gzip' },
  { 'user-agent': 'x'.repeat(10_000) },
  { 'x-http-method-override': 'DELETE' },
];
const RAW_QUERIES = ['%zz', 'a=%E0%A4%A', 'first=1&first=2', '__proto__[x]=1', '&&&=', 'a'.repeat(10_000)];
const RAW_PATH_VALUES = ['%zz', '%00', '..', 'a%2Fb', '%20', '%E0%A4%A'];

const FILE_TRICKS: [string, (file: FilePart) => FilePart | undefined][] = [
  ['no file', () => undefined],
  ['file in another part', (file) => ({ ...file, field: 'other' })],
  ['not a PDF', (file) => ({ ...file, data: Buffer.from('hello, no PDF here') })],
  ['empty file', (file) => ({ ...file, data: Buffer.alloc(0) })],
  ['half a file', (file) => ({ ...file, data: file.data.subarray(0, file.data.length >> 1) })],
  ['NUL in the file name', (file) => ({ ...file, name: 'a\u0000b.pdf' })],
  ['a path as file name', (file) => ({ ...file, name: '../../../etc/passwd.pdf' })],
  ['very long file name', (file) => ({ ...file, name: `${'x'.repeat(10_000)}.pdf` })],
  ['odd file type', (file) => ({ ...file, type: 'text/html' })],
];
const anyFile: FilePart = { name: 'edition.pdf', data: makePdf('Fuzz') };

/** A field the fuzz may set or drop: "body.name", "query.start"... and its schema, if it has one. */
interface Field {
  path: string;
  schema?: JsonSchema | undefined;
}
/** Fields no operation declares, with values that would be trouble if a route took them. */
const EXTRA_FIELDS: Record<string, unknown> = {
  'body.role': 'Super Admin',
  'body.isVerified': true,
  'body.__proto__': { role: 'Super Admin' },
  'query.constructor': 'x',
  'query.x': 'x',
};
const extraFields = Object.keys(EXTRA_FIELDS).map((path) => ({ path }));

/** Whether a value of kind `what` is worth trying on `field`: dates on dates, numbers on numbers... */
function invites(field: Field, what: string) {
  const types = [field.schema, ...(field.schema?.anyOf ?? [])].map((schema) => schema?.type);
  if (what === 'out-of-range date') return field.schema?.pattern === DATE_PATTERN;
  if (what === 'odd number') return types.includes('integer') || types.includes('number');
  if (what === 'bogus id' || what === 'existing id of any kind')
    return ID_FIELDS.includes(field.path.split('.')[1] ?? '');
  if (what === 'wrong type') return field.schema !== undefined;
  return types.includes('string');
}

const cutTo = (what: string, multipart: boolean) =>
  fc
    .double({ min: 0, max: 1, noNaN: true })
    .map((cut) =>
      change(
        what,
        (draft) => ({ ...draft, multipart: draft.multipart || multipart, cut }),
        `${what} to ${(cut * 100).toFixed(0)}%`,
      ),
    );

/** The kinds of change the fuzz makes to a valid request of `operation` whose body has `bodyFields`, by name. */
function changeKinds(operation: Operation, bodyFields: Record<string, JsonSchema>, pool: Pool) {
  const fields: Field[] = [
    ...operation.parameters
      .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
      .map((parameter) => ({
        path: `${parameter.in === 'path' ? 'params' : 'query'}.${parameter.name}`,
        schema: parameter.schema,
      })),
    ...Object.entries(bodyFields).map(([name, schema]) => ({ path: `body.${name}`, schema })),
  ];
  const existingIds = fc
    .constantFrom(...Object.values(pool.ids).flat())
    .chain((id) => fc.constantFrom(id, id.toUpperCase(), `${id}\u0000`, ` ${id}`));
  const values = Object.entries({ ...HOSTILE, 'existing id of any kind': existingIds });
  const fieldKinds = values.map(([what, value]) => {
    const invited = fields.filter((field) => invites(field, what));
    const targets = invited.length > 0 ? invited : [...fields, ...extraFields];
    const arbitrary = fc
      .tuple(fc.constantFrom(...targets), value)
      .map(([field, item]) => setField(field.path, what, item));
    return [`field ← ${what}`, arbitrary] as const;
  });
  const pathNames = operation.parameters.filter((parameter) => parameter.in === 'path').map(({ name }) => name);
  const rawPaths = pathNames.map((name) =>
    fc.constantFrom(...RAW_PATH_VALUES).map((value) =>
      change(`raw params.${name} ${preview(value)}`, (draft) => ({
        ...draft,
        rawPath: true,
        params: { ...draft.params, [name]: value },
      })),
    ),
  );
  return {
    ...Object.fromEntries(fieldKinds),
    'missing or extra field': fc.constantFrom(
      ...fields.map((field) => dropField(field.path)),
      ...Object.entries(EXTRA_FIELDS).map(([path, value]) => setField(path, 'extra field', value)),
    ),
    'odd body': fc
      .constantFrom(...RAW_BODIES)
      .map((raw) => change('odd body', (draft) => ({ ...draft, raw }), `body ${preview(raw)}`)),
    'odd content type': fc
      .constantFrom(...CONTENT_TYPES)
      .map((type) => change(`content-type ${preview(type)}`, (draft) => ({ ...draft, contentType: type }))),
    'odd file': fc
      .constantFrom(...FILE_TRICKS)
      .map(([what, trick]) =>
        change(`multipart: ${what}`, (draft) => ({ ...draft, multipart: true, file: trick(draft.file ?? anyFile) })),
      ),
    'broken multipart': fc.oneof(
      fc.constantFrom(
        change('multipart without boundary', (draft) => ({
          ...draft,
          multipart: true,
          contentType: 'multipart/form-data',
        })),
        change('multipart of another boundary', (draft) => ({
          ...draft,
          multipart: true,
          contentType: 'multipart/form-data; boundary=x',
        })),
      ),
      cutTo('multipart cut', true),
      cutTo('body cut', false),
    ),
    'odd token': fc.constantFrom(...TOKEN_TRICKS).map((token) => change(token, (draft) => ({ ...draft, token }))),
    'odd cookie': fc
      .constantFrom(...COOKIES)
      .map((cookie) => change(`cookie ${preview(cookie)}`, (draft) => ({ ...draft, cookie }))),
    'odd header': fc
      .constantFrom(...HEADERS)
      .map((headers) =>
        change(`header ${preview(headers)}`, (draft) => ({ ...draft, headers: { ...draft.headers, ...headers } })),
      ),
    'odd url': fc.oneof(
      fc
        .constantFrom(...RAW_QUERIES)
        .map((rawQuery) => change(`raw query ${preview(rawQuery)}`, (draft) => ({ ...draft, rawQuery }))),
      ...rawPaths,
    ),
  } as Record<string, fc.Arbitrary<Change>>;
}

/**
 * Requests of `operation` by kind: "valid request" from its schemas, and for every kind of change a valid
 * request spoilt that way (and now and then by one more change of any kind).
 */
export function draftsOf(operation: Operation, pool: Pool): Record<string, fc.Arbitrary<Draft>> {
  const hints = hintsFor(operation, pool);
  const form = FORMS[restRoute(operation.route)]?.(pool);
  const parameters = (where: string) => operation.parameters.filter((parameter) => parameter.in === where);
  const model = (list: typeof operation.parameters) =>
    Object.fromEntries(list.map((parameter) => [parameter.name, field(parameter.name, parameter.schema, hints)]));
  const query = parameters('query');
  const body = form
    ? fc.record(form.fields)
    : operation.body
      ? confirmed(valueFor(operation.body, hints))
      : fc.constant(undefined);
  const bodyFields = form
    ? Object.fromEntries(Object.keys(form.fields).map((name) => [name, { type: 'string' }]))
    : (operation.body?.properties ?? operation.body?.anyOf?.[0]?.properties ?? {});
  const valid = fc
    .record({
      params: fc.record(model(parameters('path'))),
      query: fc.record(model(query), { requiredKeys: query.filter((p) => p.required).map((p) => p.name) }),
      body,
    })
    .map((parts): Draft => ({ ...parts, multipart: Boolean(form), file: form?.file, headers: {}, changes: [] }));
  const kinds = changeKinds(operation, bodyFields, pool);
  const another = fc.oneof(
    { weight: 3, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: fc.oneof(...Object.values(kinds)).map((change) => [change]) },
  );
  const spoilt = (kind: fc.Arbitrary<Change>) =>
    fc
      .tuple(valid, kind, another)
      .map(([draft, first, more]) =>
        [first, ...more].reduce(
          (spoiling, next) => ({ ...next.apply(spoiling), changes: [...spoiling.changes, next] }),
          draft,
        ),
      );
  return {
    'valid request': valid,
    ...Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, spoilt(kind)])),
  };
}

async function encodeBody(draft: Draft): Promise<{ payload?: string | Buffer; contentType?: string }> {
  if (draft.raw !== undefined) return { payload: draft.raw, contentType: 'application/json' };
  if (draft.multipart) {
    const fields = Object.entries(asObject(draft.body)).filter(([, value]) => value !== undefined);
    const form = await multipart(Object.fromEntries(fields.map(([name, value]) => [name, text(value)])), draft.file);
    return { payload: form.payload, contentType: form.headers['content-type'] };
  }
  if (draft.body === undefined) return {};
  return { payload: JSON.stringify(draft.body), contentType: 'application/json' };
}

/** The request `app.inject` sends, with the caller's authorization header and refresh cookie. */
export async function toInject(
  operation: Operation,
  draft: Draft,
  credentials: { authorization?: string | undefined; refreshToken?: string | undefined },
): Promise<InjectOptions & { url: string; headers: Record<string, string> }> {
  const path = operation.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = text(draft.params[name] ?? '');
    return draft.rawPath ? value : encodeURIComponent(Buffer.from(value).toString());
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(draft.query))
    for (const item of [value].flat()) if (item !== undefined) query.append(name, text(item));
  const search = [query.toString(), draft.rawQuery].filter(Boolean).join('&');
  const { payload, contentType } = await encodeBody(draft);
  const headers = { ...draft.headers };
  const type = draft.contentType ?? contentType;
  if (type) headers['content-type'] = type;
  if (credentials.authorization) headers.authorization = credentials.authorization;
  if (draft.cookie) headers.cookie = draft.cookie.replaceAll(OWN_COOKIE, credentials.refreshToken ?? '');
  const kept = (length: number) => Math.floor(length * (draft.cut ?? 1));
  const sent =
    typeof payload === 'string' ? payload.slice(0, kept(payload.length)) : payload?.subarray(0, kept(payload.length));
  return {
    method: operation.method as InjectOptions['method'],
    url: search ? `${path}?${search}` : path,
    headers,
    payload: sent,
  };
}

/** A request as text to read and to replay: long strings abbreviated, the body as sent. */
export function describeRequest({ method, url, headers, payload }: Awaited<ReturnType<typeof toInject>>) {
  const body = Buffer.isBuffer(payload) ? payload.toString('latin1') : (payload as string | undefined);
  const shown = body && body.length > 600 ? `${body.slice(0, 400)}…(${body.length} chars)` : body;
  return `${preview({ method, url, headers })}${shown === undefined ? '' : ` body ${JSON.stringify(shown)}`}`;
}
