import { useSyncExternalStore } from 'react';
import { removeAnalyticsCookies } from './analytics-cookies';
import { readCookieConsent, writeCookieConsent, type CookieChoice, type CookieConsent } from './consent-storage';

/**
 * Shared state of the consent banner and the settings dialog, so any screen
 * (e.g. the privacy page later) can reopen the settings with openCookieSettings().
 */
interface ConsentState {
  consent: CookieConsent | null;
  settingsOpen: boolean;
}

let state: ConsentState | null = null;
const listeners = new Set<() => void>();

function getState(): ConsentState {
  // Read lazily so tests and the app see local storage as it is when first used.
  state ??= { consent: readCookieConsent(), settingsOpen: false };
  return state;
}

function setState(next: Partial<ConsentState>): void {
  state = { ...getState(), ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCookieConsentState(): ConsentState {
  return useSyncExternalStore(subscribe, getState, getState);
}

/** Stores the choice and, when analytics is declined, deletes analytics cookies at once. */
export function saveCookieChoice(choice: CookieChoice): CookieConsent {
  const consent = writeCookieConsent(choice);
  if (!consent.analytics) removeAnalyticsCookies();
  setState({ consent, settingsOpen: false });
  return consent;
}

export function openCookieSettings(): void {
  setState({ settingsOpen: true });
}

export function closeCookieSettings(): void {
  setState({ settingsOpen: false });
}

/** On start: a stored "no analytics" also cleans up cookies a third party may have set since. */
export function enforceStoredCookieChoice(): void {
  const consent = getState().consent;
  if (consent && !consent.analytics) removeAnalyticsCookies();
}

/** Forgets the in-memory state; for tests that change local storage between cases. */
export function resetCookieConsentStore(): void {
  state = null;
  for (const listener of listeners) listener();
}
