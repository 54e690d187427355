/**
 * Setup for the "client" Vitest project (jsdom). jest-dom is not installed:
 * tests use plain expect on DOM properties.
 */
import { cleanup } from '@testing-library/react';
import { setI18n } from 'react-i18next';
import { afterAll, afterEach, expect, vi } from 'vitest';
import { resetCookieConsentStore } from '@/client/features/cookie-consent/consent-store';
import { dismissToast } from '@/client/components/ui/toast-store';
import { createTestI18n, missingTranslationKeys } from '@/client/testing/test-i18n';

// jsdom lacks these browser APIs. Reflect.has keeps the checks honest where
// the DOM typings claim the APIs always exist.

// Radix measures elements with ResizeObserver.
class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!Reflect.has(globalThis, 'ResizeObserver')) {
  globalThis.ResizeObserver = ResizeObserverStub;
}

// Nothing matches: components see a small, light, motion-allowed screen.
if (!Reflect.has(window, 'matchMedia')) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// Radix menus call these pointer and scroll APIs.
if (!Reflect.has(Element.prototype, 'hasPointerCapture')) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.setPointerCapture = () => {};
}
if (!Reflect.has(Element.prototype, 'scrollIntoView')) {
  Element.prototype.scrollIntoView = () => {};
}

// Global react-i18next instance for every component test; English, real locale files.
const testI18n = await createTestI18n('en');

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  resetCookieConsentStore();
  dismissToast();
  document.documentElement.lang = 'en';
  // A test may switch the language or install another instance (i18n.test.ts): restore both.
  setI18n(testI18n);
  if (testI18n.language !== 'en') await testI18n.changeLanguage('en');
  const missing = missingTranslationKeys.splice(0);
  expect(missing, 'components asked for translation keys that en/translation.json lacks').toEqual([]);
});

// The "client" project runs files one after another in the same jsdom (isolate: false,
// vitest.config.ts): each file starts, as in a fresh one, from an empty document at "/".
afterAll(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});
