import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createLendingRequest, createUser } from '../../../tests/support/factories';
import { createItem } from '../../../tests/support/item-factories';
import { FROM, inDays, UNTIL } from '../../../tests/support/lending';
import { lendingRequests } from '../db/schema';
import { nextDay } from './icalendar';

/**
 * What a feed says (docs/decisions/0047), read back with ical.js as a
 * calendar app would: both sides of the person's lending in their profile's
 * language, and nobody else's; RFC 5545's folding and escaping on hostile
 * item names.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOST = '127.0.0.1';
/** 100 characters of 1-, 2- and 4-byte UTF-8: a line holding it must fold, between characters only. */
const EMOJI_NAME = Array.from({ length: 100 }, (_, i) => ['🔨', 'é', 'a', '🧰', 'ß'][i % 5]).join('');
const HOSTILE_NAME = 'Saw, big; sharp \\ edge\nsecond line';

interface ParsedEvent {
  summary: string;
  start: string;
  end: string;
  startType: string;
  endType: string;
}

interface ParsedFeed {
  raw: Buffer;
  text: string;
  calendar: ICAL.Component;
  events: Map<string, ParsedEvent>;
}

async function linkOf(user: { id: string }): Promise<string> {
  const response = await t.request(user, { method: 'POST', url: '/api/calendar-feed' });
  expect(response.statusCode).toBe(200);
  return new URL(response.json<{ url: string }>().url).pathname;
}

async function fetchFeed(path: string): Promise<ParsedFeed> {
  const response = await t.app.inject({ method: 'GET', url: path });
  expect(response.statusCode).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  const events = new Map<string, ParsedEvent>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    events.set(event.uid, {
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      startType: component.getFirstProperty('dtstart')?.type ?? '',
      endType: component.getFirstProperty('dtend')?.type ?? '',
    });
  }
  return { raw: response.rawPayload, text: response.body, calendar, events };
}

const allDay = (summary: string, first: string, last = first) => ({
  summary,
  start: first,
  end: nextDay(last),
  startType: 'date',
  endType: 'date',
});

describe('a calendar feed', () => {
  const due = { ladder: inDays(3), kayak: inDays(5), tent: inDays(10), rake: inDays(12) };
  let alice: { id: string };
  let bob: { id: string };
  let feeds: { alice: string; bob: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    alice = await createUser(t.db, { name: 'Alice', language: 'en' });
    bob = await createUser(t.db, { name: 'Bob', language: 'de' });
    const carol = await createUser(t.db, { name: 'Carol Stranger' });
    const dave = await createUser(t.db, { name: 'Dave Stranger' });
    // Someone who deleted their account: a stand-in row, whatever its stored name.
    const gone = await createUser(t.db, { name: 'Zed Former', deletedAt: new Date() });

    const drill = await createItem(t.db, alice, { name: 'Drill' });
    const ladder = await createItem(t.db, alice, { name: 'Ladder', status: 'borrowed' });
    const tent = await createItem(t.db, alice, { name: 'Tent', status: 'borrowed' });
    const saw = await createItem(t.db, alice, { name: HOSTILE_NAME });
    const toolbox = await createItem(t.db, alice, { name: EMOJI_NAME });
    const kayak = await createItem(t.db, bob, { name: 'Kayak', status: 'borrowed' });
    const rake = await createItem(t.db, gone, { name: 'Old Rake', status: 'borrowed' });
    const hammer = await createItem(t.db, carol, { name: 'Carol’s Hammer', status: 'borrowed' });

    const borrowed = (expectedReturnDate: string) =>
      ({ status: 'borrowed', requestedFrom: inDays(-2), lentOn: inDays(-2), expectedReturnDate }) as const;
    // Reservations: Bob has Alice's drill, her saw and her toolbox promised for next week.
    const accepted = { status: 'accepted', requestedFrom: FROM, expectedReturnDate: UNTIL } as const;
    ids.drill = (await createLendingRequest(t.db, drill, bob, accepted)).id;
    ids.saw = (await createLendingRequest(t.db, saw, bob, accepted)).id;
    ids.toolbox = (await createLendingRequest(t.db, toolbox, bob, accepted)).id;
    // Loans that are out, on both sides of Alice's lending.
    ids.ladder = (await createLendingRequest(t.db, ladder, bob, borrowed(due.ladder))).id;
    ids.kayak = (await createLendingRequest(t.db, kayak, alice, borrowed(due.kayak))).id;
    ids.rake = (await createLendingRequest(t.db, rake, alice, borrowed(due.rake))).id;
    const [recorded] = await t.db
      .insert(lendingRequests)
      .values({
        itemId: tent.id,
        ownerId: alice.id,
        origin: 'recorded',
        borrowerName: 'Grandma',
        status: 'borrowed',
        lentOn: inDays(-1),
        expectedReturnDate: due.tent,
      })
      .returning();
    ids.tent = recorded!.id;
    // Nothing to put in a calendar: asked but not accepted, declined, long returned.
    await createLendingRequest(t.db, drill, carol, { status: 'pending' });
    await createLendingRequest(t.db, ladder, carol, { status: 'declined' });
    await createLendingRequest(t.db, kayak, carol, {
      status: 'returned',
      requestedFrom: inDays(-30),
      lentOn: inDays(-30),
      expectedReturnDate: inDays(-20),
      returnedOn: inDays(-21),
    });
    // Strangers' lending.
    await createLendingRequest(t.db, hammer, dave, borrowed(inDays(4)));

    feeds = { alice: await linkOf(alice), bob: await linkOf(bob) };
  });

  it('is a calendar named in the reader’s language, with every event all-day', async () => {
    for (const [path, name] of [
      [feeds.alice, 'Lendloop: lending and borrowing'],
      [feeds.bob, 'Lendloop: Verleihen und Ausleihen'],
    ] as const) {
      const { calendar, events } = await fetchFeed(path);
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Lendloop//Calendar feed//EN');
      expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(name);
      for (const component of calendar.getAllSubcomponents('vevent')) {
        const stamp = component.getFirstPropertyValue('dtstamp') as ICAL.Time;
        expect(stamp.zone?.tzid).toBe('UTC');
      }
      expect(events.size).toBeGreaterThan(0);
      for (const event of events.values()) expect([event.startType, event.endType]).toEqual(['date', 'date']);
    }
  });

  it('shows the lender’s side: hand-overs, the days reserved and what comes back, addressed to them', async () => {
    const { events } = await fetchFeed(feeds.alice);
    expect(events.get(`${ids.drill}-handover@${HOST}`)).toEqual(allDay('Hand over Drill to Bob', FROM));
    expect(events.get(`${ids.drill}-reserved@${HOST}`)).toEqual(allDay('Bob borrows Drill', FROM, UNTIL));
    expect(events.get(`${ids.ladder}-due@${HOST}`)).toEqual(allDay('Ladder due back from Bob', due.ladder));
    // A loan recorded for someone without an account: the name the owner wrote.
    expect(events.get(`${ids.tent}-due@${HOST}`)).toEqual(allDay('Tent due back from Grandma', due.tent));
  });

  it('shows the borrower’s side too, and a deleted account as the app shows it', async () => {
    const { events, text } = await fetchFeed(feeds.alice);
    expect(events.get(`${ids.kayak}-due@${HOST}`)).toEqual(allDay('Return Kayak to Bob', due.kayak));
    expect(events.get(`${ids.rake}-due@${HOST}`)).toEqual(allDay('Return Old Rake to Deleted account', due.rake));
    expect(text).not.toContain('Zed Former');
  });

  it('holds exactly the reader’s reservations and loans out: nothing pending, declined or returned, no stranger’s', async () => {
    const alices = await fetchFeed(feeds.alice);
    expect([...alices.events.keys()].sort()).toEqual(
      [
        `${ids.drill}-handover@${HOST}`,
        `${ids.drill}-reserved@${HOST}`,
        `${ids.saw}-handover@${HOST}`,
        `${ids.saw}-reserved@${HOST}`,
        `${ids.toolbox}-handover@${HOST}`,
        `${ids.toolbox}-reserved@${HOST}`,
        `${ids.ladder}-due@${HOST}`,
        `${ids.kayak}-due@${HOST}`,
        `${ids.rake}-due@${HOST}`,
        `${ids.tent}-due@${HOST}`,
      ].sort(),
    );
    for (const { text } of [alices, await fetchFeed(feeds.bob)]) {
      expect(text).not.toContain('Carol');
      expect(text).not.toContain('Dave');
    }
  });

  it('speaks to the other person in their own language (German for Bob)', async () => {
    const { events } = await fetchFeed(feeds.bob);
    expect(events.get(`${ids.drill}-handover@${HOST}`)).toEqual(allDay('Drill bei Alice abholen', FROM));
    expect(events.get(`${ids.drill}-reserved@${HOST}`)).toEqual(allDay('Drill von Alice geliehen', FROM, UNTIL));
    expect(events.get(`${ids.ladder}-due@${HOST}`)).toEqual(allDay('Ladder an Alice zurückgeben', due.ladder));
    expect(events.get(`${ids.kayak}-due@${HOST}`)).toEqual(allDay('Kayak kommt von Alice zurück', due.kayak));
    // Alice's own records and her other loans are hers.
    expect(events.has(`${ids.tent}-due@${HOST}`)).toBe(false);
    expect(events.has(`${ids.rake}-due@${HOST}`)).toBe(false);
  });

  it('escapes commas, semicolons, backslashes and line breaks in an item’s name', async () => {
    const { events, text } = await fetchFeed(feeds.alice);
    expect(events.get(`${ids.saw}-handover@${HOST}`)?.summary).toBe(`Hand over ${HOSTILE_NAME} to Bob`);
    expect(events.get(`${ids.saw}-reserved@${HOST}`)?.summary).toBe(`Bob borrows ${HOSTILE_NAME}`);
    expect(text).toContain('SUMMARY:Bob borrows Saw\\, big\\; sharp \\\\ edge\\nsecond line\r\n');
  });

  it('folds long lines at 75 octets with CRLF, never inside a character', async () => {
    const { raw, events } = await fetchFeed(feeds.alice);
    expect(events.get(`${ids.toolbox}-handover@${HOST}`)?.summary).toBe(`Hand over ${EMOJI_NAME} to Bob`);
    expect(raw.subarray(-2).toString()).toBe('\r\n');
    const lines = raw.toString('latin1').slice(0, -2).split('\r\n');
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let continuations = 0;
    for (const line of lines) {
      const bytes = Buffer.from(line, 'latin1');
      expect(bytes.length, line).toBeLessThanOrEqual(75);
      // Each physical line is whole UTF-8 by itself: no character was cut between two lines.
      expect(() => decoder.decode(bytes)).not.toThrow();
      expect(line).not.toMatch(/[\r\n]/);
      if (line.startsWith(' ')) continuations++;
    }
    // The emoji-laden name (over 250 octets in each of its two summaries) takes several lines.
    expect(continuations).toBeGreaterThanOrEqual(6);
  });

  it('keeps each event’s UID at every fetch and across a new link', async () => {
    const first = await fetchFeed(feeds.alice);
    const second = await fetchFeed(feeds.alice);
    expect([...second.events.keys()]).toEqual([...first.events.keys()]);
    expect(second.text).toBe(first.text);
    const renewed = await linkOf(alice);
    expect(renewed).not.toBe(feeds.alice);
    const afterRenewal = await fetchFeed(renewed);
    expect([...afterRenewal.events.keys()]).toEqual([...first.events.keys()]);
    feeds.alice = renewed;
  });
});

describe('an empty calendar feed', () => {
  it('is a valid calendar without events', async () => {
    const loner = await createUser(t.db, { language: 'fr' });
    const { calendar, events, text } = await fetchFeed(await linkOf(loner));
    expect(events.size).toBe(0);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Lendloop : prêts et emprunts');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
