import { describe, expect, it } from 'vitest';
import { candidateCookieDomains, isAnalyticsCookieName, removeAnalyticsCookies } from './analytics-cookies';

function cookieNames(): string[] {
  return document.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter(Boolean)
    .sort();
}

describe('analytics cookies', () => {
  it('recognises the analytics prefixes only', () => {
    for (const name of ['_ga', '_ga_ABC123', '_gid', '_gat_UA-1', '_pk_id.1.abcd', '_hjSessionUser_42']) {
      expect(isAnalyticsCookieName(name)).toBe(true);
    }
    for (const name of ['i18next', 'session', 'ga', '__Host-session', '_csrf']) {
      expect(isAnalyticsCookieName(name)).toBe(false);
    }
  });

  it('expires analytics cookies and keeps the others', () => {
    document.cookie = '_ga=GA1.1.123; path=/';
    document.cookie = '_gid=GA1.1.456; path=/';
    document.cookie = '_hjSession_9=1; path=/';
    document.cookie = '_pk_id.1.ab=x; path=/';
    document.cookie = 'i18next=de; path=/';
    document.cookie = 'keep_me=1; path=/';

    const removed = removeAnalyticsCookies(document, window.location.hostname);

    expect(removed.sort()).toEqual(['_ga', '_gid', '_hjSession_9', '_pk_id.1.ab']);
    expect(cookieNames()).toEqual(['i18next', 'keep_me']);
  });

  it('also targets the current domain and its parents', () => {
    expect(candidateCookieDomains('www.lendloop.example.ch')).toEqual([
      'www.lendloop.example.ch',
      'lendloop.example.ch',
      'example.ch',
    ]);
    expect(candidateCookieDomains('localhost')).toEqual([]);
    expect(candidateCookieDomains('127.0.0.1')).toEqual([]);
  });

  it('writes expiring cookies with path / and each domain', () => {
    const written: string[] = [];
    const fakeDocument = {
      get cookie() {
        return '_ga=1; other=2';
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
    removeAnalyticsCookies(fakeDocument as unknown as Document, 'app.lendloop.ch');
    expect(written).toHaveLength(3);
    for (const line of written) {
      expect(line.startsWith('_ga=;')).toBe(true);
      expect(line).toContain('expires=Thu, 01 Jan 1970 00:00:00 GMT');
      expect(line).toContain('path=/');
    }
    expect(written.filter((line) => line.includes('domain=app.lendloop.ch'))).toHaveLength(1);
    expect(written.filter((line) => line.includes('domain=lendloop.ch'))).toHaveLength(1);
  });
});
