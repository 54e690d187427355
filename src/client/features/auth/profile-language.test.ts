import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../testing/fixtures';
import { PROFILE_LANGUAGE_APPLIED_KEY, profileLanguageOfNewSignIn, profileLanguageToApply } from './profile-language';

describe('profileLanguageToApply', () => {
  beforeEach(() => localStorage.clear());

  const returning = makeUser({
    language: 'de',
    createdAt: '2026-01-05T10:00:00.000Z',
    lastLogin: '2026-03-01T08:00:00.000Z',
  });

  it('switches to the profile language on the first load after a sign-in', () => {
    expect(profileLanguageToApply(returning, 'en', localStorage)).toBe('de');
    expect(localStorage.getItem(PROFILE_LANGUAGE_APPLIED_KEY)).toBe(`${returning.id}|${returning.signedInAt}`);
  });

  it('compares languages, not regional variants', () => {
    expect(profileLanguageToApply(returning, 'de-CH', localStorage)).toBeNull();
  });

  it('leaves a later choice alone until the next sign-in', () => {
    expect(profileLanguageToApply(returning, 'en', localStorage)).toBe('de');
    // The person picked French in the header menu, then reloaded.
    expect(profileLanguageToApply(returning, 'fr', localStorage)).toBeNull();
    const nextSignIn = { ...returning, lastLogin: '2026-03-09T08:00:00.000Z', signedInAt: '2026-03-09T08:00:00.000Z' };
    expect(profileLanguageToApply(nextSignIn, 'fr', localStorage)).toBe('de');
  });

  it('a sign-in on another device does not switch this browser (issue 33, item 12)', () => {
    expect(profileLanguageToApply(returning, 'en', localStorage)).toBe('de');
    // French picked here in the header menu; then the person signs in on their phone, which moves
    // lastLogin, and this browser (same session) loads again.
    const signedInElsewhere = { ...returning, lastLogin: '2026-03-09T08:00:00.000Z' };
    expect(profileLanguageToApply(signedInElsewhere, 'fr', localStorage)).toBeNull();
  });

  it("keeps the interface language on an account's first sign-in (its language is only the default)", () => {
    const newAccount = makeUser({
      language: 'en',
      createdAt: '2026-03-01T08:00:00.000Z',
      lastLogin: '2026-03-01T08:00:00.000Z',
    });
    expect(profileLanguageToApply(newAccount, 'de', localStorage)).toBeNull();
  });

  it('does nothing when signed out or never signed in', () => {
    expect(profileLanguageToApply(null, 'en', localStorage)).toBeNull();
    expect(profileLanguageToApply({ ...returning, lastLogin: null }, 'en', localStorage)).toBeNull();
  });

  it('still applies when storage refuses', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(profileLanguageToApply(returning, 'en', refusing)).toBe('de');
  });
});

describe('profileLanguageOfNewSignIn', () => {
  beforeEach(() => localStorage.clear());

  const returning = makeUser({
    language: 'fr',
    createdAt: '2026-01-05T10:00:00.000Z',
    lastLogin: '2026-03-01T08:00:00.000Z',
  });

  it('names the profile language once per sign-in, whatever the interface shows, and claims that sign-in', () => {
    expect(profileLanguageOfNewSignIn(returning, localStorage)).toBe('fr');
    expect(profileLanguageOfNewSignIn(returning, localStorage)).toBeNull();
    // Claimed: the check after the first render (profileLanguageToApply) leaves the interface alone.
    expect(profileLanguageToApply(returning, 'en', localStorage)).toBeNull();
    const nextSignIn = { ...returning, lastLogin: '2026-03-09T08:00:00.000Z', signedInAt: '2026-03-09T08:00:00.000Z' };
    expect(profileLanguageOfNewSignIn(nextSignIn, localStorage)).toBe('fr');
  });

  it("names none on an account's first sign-in, signed out or never signed in", () => {
    const at = '2026-03-01T08:00:00.000Z';
    expect(
      profileLanguageOfNewSignIn(makeUser({ language: 'fr', createdAt: at, lastLogin: at }), localStorage),
    ).toBeNull();
    expect(profileLanguageOfNewSignIn(null, localStorage)).toBeNull();
    expect(profileLanguageOfNewSignIn({ ...returning, lastLogin: null }, localStorage)).toBeNull();
  });
});
