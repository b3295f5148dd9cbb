import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, session } from '../../testing/session.ts';
import {
  acknowledgeSessionEnd,
  endSession,
  getSession,
  type SessionState,
  startSession,
  subscribeSession,
  updateSessionUser,
} from './session-store.ts';

/** Another tab of the site, as the store's channel sees it. */
function otherTab() {
  const channel = new BroadcastChannel('portal-session');
  const heard: SessionState[] = [];
  channel.onmessage = (event: MessageEvent<SessionState>) => heard.push(event.data);
  return { heard, tell: (state: SessionState) => channel.postMessage(state), close: () => channel.close() };
}

const tabs: ReturnType<typeof otherTab>[] = [];
const openTab = () => {
  const tab = otherTab();
  tabs.push(tab);
  return tab;
};

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.close();
  endSession('signed-out');
});

describe('session store', () => {
  it('keeps the account for the next page load, never the access token', () => {
    startSession(session('secret-token'));
    expect(getSession()).toEqual({ user: account(), accessToken: 'secret-token', ended: null });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(account());
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-token');
    endSession('refused');
    expect(localStorage.getItem('user')).toBeNull();
    expect(getSession()).toEqual({ user: null, accessToken: null, ended: 'refused' });
  });

  it('starts a page load with the remembered account, and without one that is not an account', async () => {
    localStorage.setItem('user', JSON.stringify(account({ firstName: 'Kofi' })));
    vi.resetModules();
    const reloaded = await import('./session-store.ts');
    expect(reloaded.getSession()).toMatchObject({ user: { firstName: 'Kofi' }, accessToken: null });
    localStorage.setItem('user', JSON.stringify({ id: 'x' }));
    vi.resetModules();
    expect((await import('./session-store.ts')).getSession().user).toBeNull();
    localStorage.setItem('user', '{not json');
    vi.resetModules();
    expect((await import('./session-store.ts')).getSession().user).toBeNull();
  });

  it('tells its listeners of each change until they unsubscribe', () => {
    const listener = vi.fn();
    const stop = subscribeSession(listener);
    startSession(session('a'));
    updateSessionUser(account({ firstName: 'Yaw' }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getSession()).toMatchObject({ accessToken: 'a', user: { firstName: 'Yaw' } });
    stop();
    endSession('signed-out');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('hands a sign-in, a refresh and a sign-out in this tab to the other tabs', async () => {
    const tab = openTab();
    startSession(session('a'));
    endSession('signed-out');
    await vi.waitFor(() => expect(tab.heard).toHaveLength(2));
    expect(tab.heard).toEqual([
      { user: account(), accessToken: 'a', ended: null },
      { user: null, accessToken: null, ended: 'signed-out' },
    ]);
  });

  it('takes another tab’s sign-in and sign-out, access token included', async () => {
    const tab = openTab();
    const listener = vi.fn();
    subscribeSession(listener);
    tab.tell({ user: account({ firstName: 'Esi' }), accessToken: 'from-other-tab', ended: null });
    await vi.waitFor(() => expect(getSession().accessToken).toBe('from-other-tab'));
    expect(getSession().user?.firstName).toBe('Esi');
    tab.tell({ user: null, accessToken: null, ended: 'signed-out' });
    await vi.waitFor(() => expect(getSession().user).toBeNull());
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('forgets that the session was refused once the sign-in page said so, not that the person signed out', () => {
    endSession('refused');
    acknowledgeSessionEnd();
    expect(getSession().ended).toBeNull();
    endSession('signed-out');
    acknowledgeSessionEnd();
    expect(getSession().ended).toBe('signed-out');
  });
});
