import { describe, expect, it } from 'vitest';
import { isSessionEndedState, LOGIN_PATH, loginPath, redirectTarget, SESSION_ENDED_STATE } from './redirect.ts';

const target = (redirect: string) => redirectTarget(new URLSearchParams({ redirect }));

describe('loginPath', () => {
  it('remembers the page to come back to, query and all', () => {
    const path = loginPath('/user/read/42?from=home');
    expect(path).toBe('/login?redirect=%2Fuser%2Fread%2F42%3Ffrom%3Dhome');
    expect(redirectTarget(new URLSearchParams(path.split('?')[1]))).toBe('/user/read/42?from=home');
  });

  it('remembers nothing for the home page and never nests the sign-in page', () => {
    expect(loginPath('/')).toBe(LOGIN_PATH);
    expect(loginPath('/login?redirect=%2Fadmin')).toBe('/login?redirect=%2Fadmin');
    expect(loginPath('/LOGIN#top')).toBe('/LOGIN#top');
  });
});

describe('redirectTarget', () => {
  it('takes a path on this site', () => {
    expect(target('/admin/files')).toBe('/admin/files');
  });

  it.each([
    ['another origin', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/'],
    ['a backslash browsers read as //', '/\\evil.example/'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'admin'],
    ['the sign-in page itself', '/login?redirect=/admin'],
  ])('refuses %s', (_, redirect) => {
    expect(target(redirect)).toBeNull();
  });

  it('is null without a redirect', () => {
    expect(redirectTarget(new URLSearchParams())).toBeNull();
  });
});

describe('isSessionEndedState', () => {
  it('recognises only the state the session end sets', () => {
    expect(isSessionEndedState(SESSION_ENDED_STATE)).toBe(true);
    expect(isSessionEndedState({ sessionEnded: 'true' })).toBe(false);
    expect(isSessionEndedState(null)).toBe(false);
  });
});
