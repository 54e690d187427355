import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../contract/enums';
import { DIGEST_MAX_LINES, renderDigest } from './email/render-digest';
import { renderNotificationText, renderPushMessage } from './notification-texts';

const ID = '00000000-0000-4000-8000-000000000001';

/** A reminder as loan-reminder-job.ts records it for one side of the loan. */
const reminder = (event: 'due_soon' | 'overdue', role: 'borrower' | 'owner', language: Language) =>
  renderPushMessage({
    id: ID,
    event,
    language,
    payload: {
      role,
      partnerId: '00000000-0000-4000-8000-000000000002',
      partnerName: role === 'borrower' ? 'Olga' : 'Ben',
      itemName: 'Drill',
      dueDate: '2026-03-07',
    },
  });

describe('reminder texts', () => {
  it('tell the borrower and the owner different things, in English, with the due date written out', () => {
    expect(reminder('due_soon', 'borrower', 'en')).toEqual({
      title: 'Drill is due tomorrow',
      body: 'Time to give it back to Olga, or ask to keep it longer.',
      url: '/messages?with=00000000-0000-4000-8000-000000000002',
      tag: ID,
    });
    expect(reminder('due_soon', 'owner', 'en')).toMatchObject({
      title: 'Drill comes back tomorrow',
      body: 'Ben should return it by Mar 7, 2026.',
    });
    expect(reminder('overdue', 'borrower', 'en')).toMatchObject({
      title: 'Drill is overdue',
      body: 'It was due on Mar 7, 2026. Please return it to Olga.',
    });
    expect(reminder('overdue', 'owner', 'en')).toMatchObject({
      title: 'Drill is overdue',
      body: 'Ben should have returned it on Mar 7, 2026.',
    });
  });

  it('in German, the date as Germans write it', () => {
    const texts = [
      reminder('due_soon', 'borrower', 'de'),
      reminder('due_soon', 'owner', 'de'),
      reminder('overdue', 'borrower', 'de'),
      reminder('overdue', 'owner', 'de'),
    ];
    for (const text of texts) {
      expect(text.title).toContain('Drill');
      expect(text.title).not.toMatch(/due_soon|overdue|\{\{/);
      expect(text.body).not.toMatch(/\.body|\{\{/);
    }
    expect(texts[0]?.body).toContain('Olga');
    expect(texts[1]?.body).toContain('Ben');
    // Bodies that name the day show it formatted (07.03.2026), never the stored ISO date.
    for (const text of [texts[1], texts[2], texts[3]]) {
      expect(text?.body).toContain('07.03.2026');
      expect(text?.body).not.toContain('2026-03-07');
    }
  });

  it('in French and Italian, the date written out too', () => {
    expect(reminder('overdue', 'borrower', 'fr').body).toContain('7 mars 2026');
    expect(reminder('overdue', 'owner', 'it').body).toContain('7 mar 2026');
  });
});

/** Every event notifications.json has texts for, reminders once per role. */
function allEvents(): { event: string; role?: string }[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = path.resolve(here, '../../../public/locales/en/notifications.json');
  const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const events: { event: string; role?: string }[] = [];
  for (const [event, value] of Object.entries(texts)) {
    if (event === 'email' || typeof value !== 'object' || value === null) continue;
    if ('title' in value) events.push({ event });
    else for (const role of Object.keys(value)) events.push({ event, role });
  }
  return events;
}

/** How each language tells someone to tap a screen. */
const TAP_WORDING: Record<Language, RegExp> = {
  en: /\btap/i,
  de: /\btipp/i,
  fr: /\btouche/i,
  it: /\btocca/i,
};

describe('email digest lines', () => {
  const events = allEvents();

  it('cover every event, reminders for both roles', () => {
    expect(events.length).toBeGreaterThan(10);
    expect(events).toContainEqual({ event: 'message' });
    expect(events).toContainEqual({ event: 'overdue', role: 'owner' });
  });

  it.each(LANGUAGES)('never ask to tap (%s), while the push for a message does', (language) => {
    const notifications = events.map(({ event, role }, n) => ({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      kind: 'message' as const,
      event,
      payload: {
        partnerId: ID,
        senderName: 'Ana',
        itemName: 'Drill',
        groupName: 'Climbers',
        dueDate: '2026-03-07',
        ...(role ? { role, partnerName: 'Ben' } : {}),
      },
      createdAt: new Date(),
    }));
    // A digest shows at most DIGEST_MAX_LINES lines: one digest per batch, so every event gets its line.
    for (let start = 0; start < notifications.length; start += DIGEST_MAX_LINES) {
      const batch = notifications.slice(start, start + DIGEST_MAX_LINES);
      const mail = renderDigest({ id: 'u', name: 'Ana', email: 'ana@example.test', language }, batch, {
        publicUrl: new URL('https://lendloop.example'),
        unsubscribeUrl: 'https://lendloop.example/unsubscribe?token=a.b',
      });
      expect(mail.text).not.toMatch(TAP_WORDING[language]);
      expect(mail.html).not.toMatch(TAP_WORDING[language]);
      for (const notification of batch) {
        const line = renderNotificationText({ ...notification, language }, 'email');
        expect(mail.text).toContain(line.body);
        expect(line.body).not.toMatch(/^email\.|\.body$/);
      }
    }
    // The check would notice the wording: the push text for a message has it.
    expect(renderPushMessage({ id: ID, event: 'message', payload: {}, language }).body).toMatch(TAP_WORDING[language]);
  });
});
