import { describe, expect, it } from 'vitest';
import { LANGUAGES, NOTIFICATION_KINDS } from '@/contract/enums';
import { localeText } from '../../i18n/locale-texts';
import type { DigestNotification } from './claim-digest';
import { DIGEST_MAX_LINES, renderDigest } from './render-digest';
import { renderUnsubscribePage } from './unsubscribe-page';
import { UNSUBSCRIBE_SCOPES } from './unsubscribe-token';

/**
 * The server reads email.json by key at run time, out of reach of the
 * client's key test (src/client/i18n/translation-keys.test.ts) and of the
 * parity test (which only compares the languages with each other): render
 * everything the email code can render, in every language, and look for a
 * key that came back untranslated (localeText returns the key itself).
 */
const UNTRANSLATED = /\b(digest|unsubscribe)\.[A-Za-z_.]+/;

const notification = (n: number): DigestNotification => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: 'message',
  event: 'message',
  payload: { partnerId: '00000000-0000-4000-8000-000000000001', senderName: `Sender ${n}`, itemName: null },
  createdAt: new Date(),
});

describe.each(LANGUAGES)('email texts in %s', (language) => {
  const t = localeText('email', language);

  it('the digest, with one line, several and more than fit, has every text', () => {
    for (const count of [1, 2, 5, DIGEST_MAX_LINES + 3]) {
      const notifications = Array.from({ length: count }, (_, n) => notification(n));
      const mail = renderDigest({ id: 'u', name: 'Ana', email: 'ana@example.test', language }, notifications, {
        publicUrl: new URL('https://lendloop.example'),
        unsubscribeUrl: 'https://lendloop.example/unsubscribe?token=abc.def',
      });
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(UNTRANSLATED);
      expect(mail.subject).toContain(String(count));
      expect(mail.text.split('\n* ').length - 1).toBe(Math.min(count, DIGEST_MAX_LINES));
    }
  });

  it('the unsubscribe page, for every scope and state, has every text', () => {
    expect(UNSUBSCRIBE_SCOPES).toEqual(['all', ...NOTIFICATION_KINDS]);
    for (const scope of UNSUBSCRIBE_SCOPES) {
      for (const page of [
        renderUnsubscribePage(language, t, { state: 'confirm', scope, formAction: '/unsubscribe?token=a.b' }),
        renderUnsubscribePage(language, t, { state: 'done', scope }),
      ]) {
        expect(page).not.toMatch(UNTRANSLATED);
      }
    }
    expect(renderUnsubscribePage(language, t, { state: 'invalid' })).not.toMatch(UNTRANSLATED);
  });
});
