import { type Account, MESSAGES, type Session } from '@portal/contract';
import { delay, HttpResponse, http } from 'msw';

/** An account as the API answers it. */
export const account = (overrides: Partial<Account> = {}): Account => ({
  id: 'account-1',
  title: '',
  firstName: 'Ama',
  lastName: 'Mensah',
  fullName: 'Ama Mensah',
  email: 'ama@example.com',
  role: 'User',
  church: null,
  churchName: null,
  country: null,
  address: null,
  isMember: true,
  isVerified: true,
  locale: null,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** A session as sign-in and refresh answer it. */
export function session(jwtToken: string, overrides: Partial<Account> = {}): Session {
  return { ...account(overrides), jwtToken };
}

/** An access token whose claims say it lasts `seconds`, as the server's do. */
export function tokenLasting(seconds: number, name = 'token'): string {
  const claims = btoa(JSON.stringify({ iat: 1_000, exp: 1_000 + seconds })).replace(/=+$/, '');
  return `header.${claims}.${name}`;
}

/**
 * The refresh-token route answering each call with the next of `tokens` (a 401 once they run out); `calls`
 * counts the calls. `wait` holds each answer until it resolves.
 */
export function refreshRoute(tokens: string[], { wait }: { wait?: Promise<unknown> } = {}) {
  const calls = { count: 0 };
  const handler = http.post('/api/accounts/refresh-token', async () => {
    const token = tokens[calls.count];
    calls.count += 1;
    if (wait) await wait;
    else await delay(1);
    return token
      ? HttpResponse.json(session(token))
      : HttpResponse.json({ message: MESSAGES.signInRequired }, { status: 401 });
  });
  return { handler, calls };
}
