import type { Role } from '@portal/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../src/db/ids.ts';
import { accounts, books, churches, files, languages, refreshTokens } from '../../src/db/schema.ts';
import { hashOpaqueToken, signAccessToken } from '../../src/plugins/auth/tokens.ts';
import { loginAs, nextAddress } from '../app.ts';
import { edition, uploadEdition } from '../files.ts';
import { allowed, type Caller } from '../permissions.ts';
import { buildTestAppWith } from '../routes.ts';
import { type Operation, operationsOf } from './operations.ts';
import { type Draft, describeRequest, draftsOf, type Pool, type TokenTrick, toInject } from './requests.ts';

export const CALLERS: Caller[] = ['anonymous', 'User', 'Admin', 'Super Admin'];
const ROLES: Role[] = ['User', 'Admin', 'Super Admin'];
const PASSWORD = 'Long-pass-1';
const NONE = '00000000-0000-4000-8000-000000000000';
/** Valid requests are what reach a 2xx, so what tests the permission table: there are more of them. */
const VALID_SHARE = 4;

/** FUZZ_SEED, and FUZZ_RUNS: requests of each kind per operation, each sent as every caller. */
export const fuzzSettings = (defaultRuns: number) => ({
  seed: Number(process.env.FUZZ_SEED ?? 20250301),
  runs: Number(process.env.FUZZ_RUNS ?? defaultRuns),
});

/** One request as one caller, and what is wrong with its answer, if anything. */
export interface Answer {
  route: string;
  caller: Caller;
  status: number;
  /** Set for a 5xx or a 2xx the permission table forbids: the operation, caller, kind of request, status and message. */
  group?: string;
  /** Set with `group`: the request and its answer, to read and to replay. */
  report?: string;
}

/** What the server saw of the request being sent: the route that took it, the account it names, its error. */
interface Seen {
  route?: string;
  accountId?: string;
  role?: Role;
  error?: Error;
}

/** Text on one line, control characters escaped, at most 300 characters. */
const printable = (text: string) => JSON.stringify(text.slice(0, 300)).slice(1, -1);

/** The error at the bottom of a chain of causes: the database's own words under a failed query. */
const innermost = (error: Error): Error => (error.cause instanceof Error ? innermost(error.cause) : error);

/** A seed of its own for each kind of request of each operation, so adding one changes no other. */
const seedOf = (text: string, seed: number) =>
  [...text].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, seed);

const rank = (role: unknown) => ROLES.indexOf(role as Role);

/** The account a request names (its `:id` or `userId`) and the highest role it has or the body gives it. */
async function namedAccount(request: FastifyRequest): Promise<Omit<Seen, 'route'>> {
  const { id } = (request.params ?? {}) as { id?: unknown };
  const { userId } = (request.query ?? {}) as { userId?: unknown };
  const named = [id, userId].find((value): value is string => typeof value === 'string' && isUuid(value));
  const [account] = named
    ? await request.server.db
        .select({ id: accounts.id, role: accounts.role })
        .from(accounts)
        .where(eq(accounts.id, named))
    : [];
  const given = (request.body as { role?: unknown } | undefined)?.role;
  const role = [account?.role, given].filter((value) => rank(value) >= 0).sort((a, b) => rank(b) - rank(a))[0];
  return { accountId: account?.id, role: role as Role | undefined };
}

/**
 * The app on a fresh database, signed-in callers of every role and a church, a language, a book and an
 * uploaded edition (downloaded once), kept in place while the fuzz deletes and changes what it can.
 */
export async function startFuzzer() {
  let seen: Seen = {};
  const app = await buildTestAppWith((fastify) => {
    fastify.addHook('onRequest', async (request) => {
      seen.route = request.routeOptions.url && `${request.method} ${request.routeOptions.url}`;
    });
    fastify.addHook('preHandler', async (request) => {
      seen = { ...seen, ...(await namedAccount(request)) };
    });
    fastify.addHook('onError', async (_request, _reply, error) => {
      seen.error = error;
    });
  });
  const operations = operationsOf(app);
  const callers = {} as Record<Role, Awaited<ReturnType<typeof loginAs>>>;
  for (const role of ROLES) callers[role] = await loginAs(app, role);
  const records = { church: NONE, language: NONE, book: NONE, edition: NONE, languageName: '' };
  let counter = 0;

  /** Signs a caller in again when the fuzz deleted its account, changed its role or password, or ended its session. */
  async function keepCallers() {
    for (const role of ROLES) {
      const { account, refreshToken } = callers[role];
      const [now] = await app.db.select().from(accounts).where(eq(accounts.id, account.id));
      const [session] = await app.db
        .select({ revokedAt: refreshTokens.revokedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
      const unchanged = now?.role === role && now.passwordChangedAt?.getTime() === account.passwordChangedAt?.getTime();
      if (!unchanged || !session || session.revokedAt) callers[role] = await loginAs(app, role);
    }
  }

  /** Makes again whichever of the fuzz's records a request deleted; a new edition is downloaded once. */
  async function keepRecords() {
    const kept = async <T>(found: Promise<T[]>, make: () => Promise<T[]>) => (await found)[0] ?? (await make())[0];
    const name = (kind: string) => `Fuzz ${kind} ${++counter}`;
    const church = await kept(app.db.select().from(churches).where(eq(churches.id, records.church)), () =>
      app.db
        .insert(churches)
        .values({ name: name('church'), country: 'Ghana' })
        .returning(),
    );
    const language = await kept(app.db.select().from(languages).where(eq(languages.id, records.language)), () =>
      app.db
        .insert(languages)
        .values({ name: name('language') })
        .returning(),
    );
    const book = await kept(app.db.select().from(books).where(eq(books.id, records.book)), () =>
      app.db
        .insert(books)
        .values({ name: name('book') })
        .returning(),
    );
    Object.assign(records, {
      church: church?.id,
      language: language?.id,
      book: book?.id,
      languageName: language?.name,
    });
    const [file] = await app.db.select({ id: files.id }).from(files).where(eq(files.id, records.edition));
    if (file) return;
    const upload = await uploadEdition(app, callers['Super Admin'].headers, {
      ...edition,
      language: records.languageName,
    });
    records.edition = upload.json()._id;
    await app.inject({ url: `/api/files/download/${records.edition}`, headers: callers.User.headers });
  }

  const pool = (): Pool => ({
    ids: {
      church: [records.church],
      language: [records.language],
      book: [records.book],
      edition: [records.edition],
      account: ROLES.map((role) => callers[role].account.id),
    },
    emails: ROLES.map((role) => callers[role].account.email),
    passwords: [PASSWORD, ...ROLES.map((role) => callers[role].password)],
    names: ['Teevo', 'Take5', records.languageName],
  });

  /** The authorization header: the caller's own access token, or the draft's trick with tokens. */
  function authorization(trick: TokenTrick | undefined, role: Role | undefined) {
    const own = role && callers[role];
    const forged = (sub: string, seconds = 900) => `Bearer ${signAccessToken(sub, app.auth.secret, seconds)}`;
    const ownToken = own?.token ?? forged(NONE).slice(7);
    const tricks: Record<TokenTrick, () => string> = {
      'garbage token': () => 'Bearer not.a.token',
      'tampered signature': () => `Bearer ${ownToken.slice(0, -1)}${ownToken.endsWith('A') ? 'B' : 'A'}`,
      'expired token': () => forged(own?.account.id ?? NONE, -60),
      'forged token whose sub is no uuid': () => forged('not-a-uuid'),
      'forged token of no account': () => forged(NONE),
      'another scheme': () => 'Basic dXNlcjpwYXNzd29yZA==',
      'very long token': () => `Bearer ${'a'.repeat(100_000)}`,
    };
    if (trick) return tricks[trick]();
    return own && `Bearer ${own.token}`;
  }

  async function send(operation: Operation, draft: Draft, caller: Caller, replay: string): Promise<Answer> {
    const role = caller === 'anonymous' ? undefined : caller;
    const own = role && callers[role];
    const request = await toInject(operation, draft, {
      authorization: authorization(draft.token, role),
      refreshToken: own?.refreshToken,
    });
    seen = {};
    const response = await app.inject({ ...request, remoteAddress: nextAddress() });
    const { statusCode: status } = response;
    const judgedAs = draft.token ? 'anonymous' : caller;
    const about = { self: seen.accountId !== undefined && seen.accountId === own?.account.id, role: seen.role };
    const forbidden = status >= 200 && status < 300 && !allowed(seen.route ?? operation.route, judgedAs, about);
    const problem =
      status >= 500 ? 'a 5xx' : forbidden ? `a 2xx the permission table forbids to ${judgedAs}` : undefined;
    if (!problem) return { route: operation.route, caller, status };

    let message = printable(response.body);
    try {
      message = printable(response.json().message ?? message);
    } catch {}
    const cause = status >= 500 && seen.error ? ` (server: ${printable(innermost(seen.error).message)})` : '';
    const shown = await toInject(operation, draft, {
      authorization: draft.token ? `<${draft.token}>` : own && `Bearer <${caller}'s token>`,
      refreshToken: `<${caller}'s refresh token>`,
    });
    const shape = draft.changes.map((change) => change.shape).join(' + ') || 'valid request';
    return {
      route: operation.route,
      caller,
      status,
      group: `${operation.route} as ${judgedAs} | ${shape} | ${status} ${message}${cause}`.replace(
        /[\da-f-]{36}/gi,
        'id',
      ),
      report: [
        `${operation.route} as ${caller}${draft.token ? ` with a ${draft.token}` : ''}: ${problem}, ${status} ${message}${cause}`,
        `  changes: ${draft.changes.map((change) => change.detail).join('; ') || 'none'}`,
        `  request: ${describeRequest(shown)}`,
        `  replay: ${replay}`,
      ].join('\n'),
    };
  }

  return {
    app,
    operations,
    /** `runs` requests of each kind of `operation` from `seed`, each sent as every caller in turn. */
    async run(operation: Operation, { seed, runs }: { seed: number; runs: number }) {
      await keepCallers();
      await keepRecords();
      const answers: Answer[] = [];
      for (const [kind, drafts] of Object.entries(draftsOf(operation, pool()))) {
        const numRuns = kind === 'valid request' ? runs * VALID_SHARE : runs;
        const samples = fc.sample(drafts, { seed: seedOf(`${operation.route} ${kind}`, seed), numRuns });
        for (const [index, draft] of samples.entries()) {
          for (const caller of CALLERS) {
            const replay = `FUZZ_SEED=${seed} FUZZ_RUNS=${runs}, ${operation.route} "${kind}" request ${index + 1}`;
            const answer = await send(operation, draft, caller, replay);
            answers.push(answer);
            if (operation.method !== 'GET' && answer.status < 300) await keepCallers();
          }
        }
      }
      return answers;
    },
    close: () => app.close(),
  };
}

/** The distinct problems among `answers`: how often each was seen, and the report of its first request. */
export function problemsOf(answers: Answer[]) {
  const problems = new Map<string, { count: number; report: string }>();
  for (const { group, report } of answers) {
    if (!group || !report) continue;
    const seen = problems.get(group);
    problems.set(group, { count: (seen?.count ?? 0) + 1, report: seen?.report ?? report });
  }
  return [...problems.values()];
}
