import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ALL,
  COOKIE_CONSENT_STORAGE_KEY,
  ESSENTIAL_ONLY,
  readCookieConsent,
  writeCookieConsent,
} from './consent-storage';

describe('cookie consent storage', () => {
  it('has no choice until one is written', () => {
    expect(readCookieConsent()).toBeNull();
  });

  it('writes {essential: true, functional, analytics, decidedAt} under lendloop.cookieConsent', () => {
    const now = new Date('2026-03-01T10:00:00.000Z');
    writeCookieConsent({ functional: true, analytics: false }, localStorage, now);
    expect(JSON.parse(localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? 'null')).toEqual({
      essential: true,
      functional: true,
      analytics: false,
      decidedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(readCookieConsent()).toEqual({
      essential: true,
      functional: true,
      analytics: false,
      decidedAt: '2026-03-01T10:00:00.000Z',
    });
  });

  it('stores the presets', () => {
    expect(writeCookieConsent(ESSENTIAL_ONLY)).toMatchObject({ essential: true, functional: false, analytics: false });
    expect(writeCookieConsent(ACCEPT_ALL)).toMatchObject({ essential: true, functional: true, analytics: true });
  });

  it.each([
    ['not json', '{'],
    ['wrong shape', JSON.stringify({ analytics: 'yes' })],
    ['essential off', JSON.stringify({ essential: false, functional: true, analytics: true, decidedAt: 'x' })],
  ])('treats a stored value that is %s as no choice', (_label, raw) => {
    localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, raw);
    expect(readCookieConsent()).toBeNull();
  });
});
