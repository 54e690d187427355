import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../contract/enums';
import { renderPushMessage } from './notification-texts';

/**
 * A notification whose item is gone (deleted with its name) falls back to
 * "an item". The words differ by the item's place in the sentence: German
 * "einen Gegenstand" fits "möchte … ausleihen", but a sentence that opens with
 * the item as its subject needs "Ein Gegenstand".
 */
const ID = '00000000-0000-4000-8000-000000000001';
const render = (event: string, language: Language, extra: Record<string, string> = {}) =>
  renderPushMessage({ id: ID, event, language, payload: { senderName: 'Ana', itemName: null, ...extra } });

const SUBJECT: Record<Language, string> = { en: 'An item', de: 'Ein Gegenstand', fr: 'Un objet', it: 'Un oggetto' };

describe('the missing item name', () => {
  it('reads as a subject where the item opens the sentence, in German', () => {
    expect(render('item_deleted', 'de').title).toBe('Ein Gegenstand ist nicht mehr verfügbar');
    expect(render('request_declined', 'de').body).toBe('Ein Gegenstand ist diesmal nicht verfügbar.');
    expect(render('overdue', 'de', { role: 'owner', partnerName: 'Ben', dueDate: '2026-03-07' }).title).toBe(
      'Ein Gegenstand ist überfällig',
    );
    // As an object it stays accusative.
    expect(render('request_created', 'de').title).toBe('Ana möchte einen Gegenstand ausleihen');
  });

  it.each(LANGUAGES)('opens every sentence with a capital and never leaves a placeholder (%s)', (language) => {
    const subjectFirst = [
      render('item_deleted', language).title,
      render('item_borrowed', language).title,
      render('item_returned', language).title,
      render('request_declined', language).body,
      ...(['due_soon', 'overdue'] as const).flatMap((event) =>
        (['borrower', 'owner'] as const).map(
          (role) => render(event, language, { role, partnerName: 'Ben', dueDate: '2026-03-07' }).title,
        ),
      ),
    ];
    for (const text of subjectFirst) {
      expect(text.startsWith(SUBJECT[language])).toBe(true);
      expect(text).not.toContain('{{');
    }
  });

  it('uses the item name itself when there is one', () => {
    const named = renderPushMessage({
      id: ID,
      event: 'item_returned',
      language: 'de',
      payload: { senderName: 'Ana', itemName: 'Bohrer' },
    });
    expect(named.title).toBe('Bohrer ist zurück');
  });
});
