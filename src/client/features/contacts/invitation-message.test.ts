import { describe, expect, it } from 'vitest';
import type { InvitationData } from '@/contract/schemas/contact';
import { createTestI18n } from '../../testing/test-i18n';
import { buildInvitationTexts, invitationLanguage, mailtoUrl, whatsappUrl, type Translate } from './invitation-message';

const data: InvitationData = {
  contactId: '6f1c1c57-2f4b-4a43-9d0a-2c5bd9f6e0a1',
  contactName: 'Bob',
  contactPhone: '+41791234567',
  contactEmail: 'bob@example.org',
  invitationLink: 'https://lendloop.example/invite?ref=abc.def&x=1',
  inviterName: 'Annabel Lee',
  expiresAt: '2026-05-01T00:00:00.000Z',
};

async function translatorFor(language: string): Promise<Translate> {
  const i18n = await createTestI18n(language);
  const fixed = i18n.getFixedT(invitationLanguage(i18n.resolvedLanguage));
  return (key, values) => fixed(key, values);
}

describe('invitationLanguage', () => {
  it('uses the profile language when it is one of ours, else English', () => {
    expect(invitationLanguage('de')).toBe('de');
    expect(invitationLanguage('fr')).toBe('fr');
    expect(invitationLanguage('it-CH')).toBe('it');
    expect(invitationLanguage('es')).toBe('en');
    expect(invitationLanguage(undefined)).toBe('en');
  });
});

describe('buildInvitationTexts', () => {
  it('fills contact name, inviter, link and app name', async () => {
    const texts = buildInvitationTexts(await translatorFor('en'), data);
    for (const text of [texts.whatsapp, texts.emailBody]) {
      expect(text).toContain('Bob');
      expect(text).toContain('Annabel Lee');
      expect(text).toContain(data.invitationLink);
      expect(text).toContain('Lendloop');
    }
    expect(texts.emailSubject).toContain('Annabel Lee');
    expect(texts.emailSubject).not.toContain('{{');
  });

  it('is written in the language it is given', async () => {
    const en = buildInvitationTexts(await translatorFor('en'), data);
    const de = buildInvitationTexts(await translatorFor('de'), data);
    expect(de.emailSubject).not.toBe(en.emailSubject);
    expect(de.whatsapp).toContain(data.invitationLink);
  });
});

describe('links', () => {
  it('builds a wa.me link from the digits and the encoded message', () => {
    expect(whatsappUrl('+41 79 123 45 67', 'Hi Bob & co? https://x.y/?a=1')).toBe(
      'https://wa.me/41791234567?text=Hi%20Bob%20%26%20co%3F%20https%3A%2F%2Fx.y%2F%3Fa%3D1',
    );
    expect(whatsappUrl(null, 'Hi')).toBe('https://wa.me/?text=Hi');
  });

  it('builds a mailto link with encoded subject and body', () => {
    expect(mailtoUrl('bob@example.org', 'Join me & share', 'Line 1\nLine 2 ?=')).toBe(
      'mailto:bob@example.org?subject=Join%20me%20%26%20share&body=Line%201%0ALine%202%20%3F%3D',
    );
    expect(mailtoUrl(null, 'S', 'B')).toBe('mailto:?subject=S&body=B');
  });
});
