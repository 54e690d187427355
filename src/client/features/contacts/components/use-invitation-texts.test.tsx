import { screen } from '@testing-library/react';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import de from '../../../../../public/locales/de/translation.json';
import en from '../../../../../public/locales/en/translation.json';
import type { InvitationData } from '@/contract/schemas/contact';
import { makeUser } from '@/client/testing/fixtures';
import { mockFetch } from '@/client/testing/mock-fetch';
import { renderWithProviders } from '@/client/testing/render-with-providers';
import { createTestI18n } from '@/client/testing/test-i18n';
import { useInvitationTexts } from './use-invitation-texts';

const data: InvitationData = {
  contactId: '6f1c1c57-2f4b-4a43-9d0a-2c5bd9f6e0a1',
  contactName: 'Bob',
  contactPhone: '+41791234567',
  contactEmail: 'bob@example.org',
  invitationLink: 'https://lendloop.example/invite?ref=Ab3dEf6hIj9k',
  inviterName: 'Annabel Lee',
  expiresAt: '2026-05-01T00:00:00.000Z',
};

function Subject() {
  const texts = useInvitationTexts(data);
  return <p data-testid="subject">{texts?.texts.emailSubject ?? 'loading'}</p>;
}

/** The signed-in user as GET /api/auth/user answers (the server is outside this test's walls). */
const signedInWithLanguage = (language: 'en' | 'de' | 'fr' | 'it') =>
  mockFetch({ '/api/auth/user': { body: makeUser({ language }) } });

/**
 * An i18next instance like the app's: each language's file is fetched when
 * first needed, here from memory instead of HTTP (only English and German
 * exist, so French fails to load as a network error would).
 */
async function lazyI18n(interfaceLanguage: string) {
  const files: Record<string, object> = { en, de };
  const backend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read: (language: string, _namespace: string, callback: ReadCallback) => {
      const file = files[language];
      if (file) callback(null, file);
      else callback(new Error(`no file for ${language}`), false);
    },
  };
  const instance = i18next.createInstance();
  await instance
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: interfaceLanguage,
      supportedLngs: ['en', 'de', 'fr', 'it'],
      fallbackLng: false,
      interpolation: { escapeValue: false },
    });
  return instance;
}

describe('useInvitationTexts', () => {
  it("writes in the inviter's profile language, not the interface language", async () => {
    signedInWithLanguage('it');
    renderWithProviders(<Subject />, { i18n: await createTestI18n('en') });
    expect(await screen.findByText('Annabel Lee ti invita su Lendloop')).toBeTruthy();
  });

  it('fetches the profile language file first when the screen shows another language', async () => {
    signedInWithLanguage('de');
    const i18n = await lazyI18n('en');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);
    renderWithProviders(<Subject />, { i18n });
    expect(await screen.findByText('Annabel Lee lädt dich zu Lendloop ein')).toBeTruthy();
    // The interface stays in English.
    expect(i18n.resolvedLanguage).toBe('en');
  });

  it('falls back to the interface language when the profile language file cannot be fetched', async () => {
    signedInWithLanguage('fr');
    renderWithProviders(<Subject />, { i18n: await lazyI18n('de') });
    expect(await screen.findByText('Annabel Lee lädt dich zu Lendloop ein')).toBeTruthy();
  });

  it('uses English while no profile is known', async () => {
    mockFetch({ '/api/auth/user': { status: 401, body: { error: { code: 'authentication_required' } } } });
    renderWithProviders(<Subject />, { i18n: await createTestI18n('de') });
    expect(await screen.findByText('Annabel Lee invites you to Lendloop')).toBeTruthy();
  });
});
