/** Where the visitor's cookie choice lives (local storage, spec §2). */
export const COOKIE_CONSENT_STORAGE_KEY = 'lendloop.cookieConsent';

export interface CookieConsent {
  essential: true;
  functional: boolean;
  analytics: boolean;
  /** ISO timestamp of the decision. */
  decidedAt: string;
}

/**
 * Hand-written check instead of a zod schema: the banner is on every first
 * load, and zod would be most of that load's size.
 */
function isCookieConsent(value: unknown): value is CookieConsent {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.essential === true &&
    typeof record.functional === 'boolean' &&
    typeof record.analytics === 'boolean' &&
    typeof record.decidedAt === 'string'
  );
}

/** The two optional categories the visitor decides on; essential cookies are always on. */
export type CookieChoice = Pick<CookieConsent, 'functional' | 'analytics'>;

export const ESSENTIAL_ONLY: CookieChoice = { functional: false, analytics: false };
export const ACCEPT_ALL: CookieChoice = { functional: true, analytics: true };

/** The stored choice, or null when none was made or the stored value is unreadable (then we ask again). */
export function readCookieConsent(storage: Storage = localStorage): CookieConsent | null {
  let raw: string | null;
  try {
    raw = storage.getItem(COOKIE_CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isCookieConsent(parsed)) return null;
    const { functional, analytics, decidedAt } = parsed;
    return { essential: true, functional, analytics, decidedAt };
  } catch {
    return null;
  }
}

export function writeCookieConsent(
  choice: CookieChoice,
  storage: Storage = localStorage,
  now: Date = new Date(),
): CookieConsent {
  const consent: CookieConsent = {
    essential: true,
    functional: choice.functional,
    analytics: choice.analytics,
    decidedAt: now.toISOString(),
  };
  try {
    storage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    // Without storage the choice holds for this page view only; the banner returns next time.
  }
  return consent;
}
