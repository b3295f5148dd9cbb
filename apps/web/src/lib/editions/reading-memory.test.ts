import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, session } from '../../testing/session.ts';
import { endSession, startSession } from '../session/session-store.ts';
import { forgetReading, lastPageOf, nightChosen, rememberNight, rememberPage } from './reading-memory.ts';

afterEach(() => endSession('signed-out'));

describe('reading memory', () => {
  it('remembers the last page of each edition, page 1 for one never read', () => {
    startSession(session('t'));
    expect(lastPageOf('e1')).toBe(1);
    rememberPage('e1', 12);
    rememberPage('e2', 3);
    expect(lastPageOf('e1')).toBe(12);
    expect(lastPageOf('e2')).toBe(3);
  });

  it('keeps each account’s pages apart', () => {
    startSession(session('t', { id: 'ama' }));
    rememberPage('e1', 12);
    startSession(session('t', account({ id: 'kofi' })));
    expect(lastPageOf('e1')).toBe(1);
  });

  it('takes a page that is no page number as page 1', () => {
    startSession(session('t'));
    for (const stored of ['0', '-3', '2.5', 'twelve', '1e400']) {
      localStorage.setItem('portal.reader.page.account-1.e1', stored);
      expect(lastPageOf('e1')).toBe(1);
    }
  });

  it('remembers night mode', () => {
    expect(nightChosen()).toBe(false);
    rememberNight(true);
    expect(nightChosen()).toBe(true);
    rememberNight(false);
    expect(nightChosen()).toBe(false);
  });

  it('forgets every page and night mode, and nothing else of the site', () => {
    startSession(session('t'));
    rememberPage('e1', 12);
    rememberNight(true);
    localStorage.setItem('portal.locale', 'fr');
    forgetReading();
    expect(lastPageOf('e1')).toBe(1);
    expect(nightChosen()).toBe(false);
    expect(localStorage.getItem('portal.locale')).toBe('fr');
    expect(localStorage.getItem('user')).not.toBeNull();
  });

  it('works on without storage (blocked), remembering nothing', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => rememberPage('e1', 4)).not.toThrow();
    expect(lastPageOf('e1')).toBe(1);
    expect(nightChosen()).toBe(false);
  });
});
