import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../testing/server.ts';
import { account, refreshRoute, session, tokenLasting } from '../../testing/session.ts';
import { refreshSession } from './session-refresh.ts';
import { endSession, getSession, type SessionState, startSession } from './session-store.ts';

/** A Web Locks API whose lock another tab holds until `release` is called. */
function locksHeldByAnotherTab() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const request = vi.fn(async (_name: string, task: () => Promise<unknown>) => {
    await held;
    return task();
  });
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return { request, release };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
  vi.useRealTimers();
  endSession('signed-out');
});

describe('refreshSession', () => {
  it('swaps the refresh cookie for a new session', async () => {
    startSession(session('old'));
    const refresh = refreshRoute(['new']);
    server.use(refresh.handler);
    await expect(refreshSession()).resolves.toBe(true);
    expect(getSession()).toMatchObject({ accessToken: 'new', user: account() });
  });

  it('shares one call between callers in this tab', async () => {
    startSession(session('old'));
    const refresh = refreshRoute(['new', 'newer']);
    server.use(refresh.handler);
    await expect(Promise.all([refreshSession(), refreshSession(), refreshSession()])).resolves.toEqual([
      true,
      true,
      true,
    ]);
    expect(refresh.calls.count).toBe(1);
    expect(getSession().accessToken).toBe('new');
  });

  it('ends the session as refused when the server refuses the cookie', async () => {
    startSession(session('old'));
    const refresh = refreshRoute([]);
    server.use(refresh.handler);
    await expect(refreshSession()).resolves.toBe(false);
    expect(getSession()).toMatchObject({ user: null, ended: 'refused' });
  });

  it('answers false without asking when nobody is signed in', async () => {
    const refresh = refreshRoute(['new']);
    server.use(refresh.handler);
    await expect(refreshSession()).resolves.toBe(false);
    expect(refresh.calls.count).toBe(0);
  });

  it('answers false when the server cannot be reached, keeping the session', async () => {
    startSession(session('old'));
    server.use(http.post('/api/accounts/refresh-token', () => HttpResponse.error()));
    await expect(refreshSession()).resolves.toBe(false);
    expect(getSession().user).not.toBeNull();
  });

  it('does not sign back in after a sign-out while the answer was on its way, and revokes the new cookie', async () => {
    startSession(session('old'));
    let answer: () => void = () => undefined;
    const refresh = refreshRoute(['new'], { wait: new Promise<void>((resolve) => (answer = resolve)) });
    let revoked = 0;
    server.use(
      refresh.handler,
      http.post('/api/accounts/revoke-token', () => {
        revoked += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const refreshing = refreshSession();
    await vi.waitFor(() => expect(refresh.calls.count).toBe(1));
    endSession('signed-out');
    answer();
    await expect(refreshing).resolves.toBe(false);
    expect(getSession()).toMatchObject({ user: null, ended: 'signed-out' });
    await vi.waitFor(() => expect(revoked).toBe(1));
  });

  it('takes the session another tab refreshed while this one waited its turn, without spending the cookie again', async () => {
    startSession(session('old'));
    const locks = locksHeldByAnotherTab();
    const refresh = refreshRoute(['mine']);
    server.use(refresh.handler);
    const refreshing = refreshSession();
    expect(locks.request).toHaveBeenCalledWith('portal-session-refresh', expect.any(Function));
    // The other tab's refresh reaches this one through the session channel, then its lock is released.
    const otherTab = new BroadcastChannel('portal-session');
    otherTab.postMessage({ user: account(), accessToken: 'theirs', ended: null } satisfies SessionState);
    await vi.waitFor(() => expect(getSession().accessToken).toBe('theirs'));
    locks.release();
    await expect(refreshing).resolves.toBe(true);
    otherTab.close();
    expect(refresh.calls.count).toBe(0);
    expect(getSession().accessToken).toBe('theirs');
  });

  it('refreshes itself after its turn when the other tab got no new session', async () => {
    startSession(session('old'));
    const locks = locksHeldByAnotherTab();
    const refresh = refreshRoute(['mine']);
    server.use(refresh.handler);
    const refreshing = refreshSession();
    locks.release();
    await expect(refreshing).resolves.toBe(true);
    expect(refresh.calls.count).toBe(1);
    expect(getSession().accessToken).toBe('mine');
  });
});

describe('the access token kept fresh', () => {
  it('is refreshed a minute before it expires, counted from when it arrived', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const refresh = refreshRoute(['next']);
    server.use(refresh.handler);
    startSession(session(tokenLasting(15 * 60)));
    await vi.advanceTimersByTimeAsync(14 * 60 * 1000 - 1);
    expect(refresh.calls.count).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(getSession().accessToken).toBe('next'));
    expect(refresh.calls.count).toBe(1);
  });

  it('is not refreshed on a timer when its lifetime cannot be read', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const refresh = refreshRoute(['next']);
    server.use(refresh.handler);
    startSession(session('not-a-jwt'));
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(refresh.calls.count).toBe(0);
  });
});
