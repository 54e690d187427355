/**
 * The few parts of RFC 5545 (iCalendar) the feed needs, written by hand
 * (ical-generator's current major needs Node 22; docs/decisions/0047):
 * content lines folded at 75 octets with CRLF line ends, TEXT values escaped,
 * dates and UTC times in iCalendar's basic format. The tests read the output
 * back with ical.js, as a calendar app would.
 */

const CRLF = '\r\n';
/** RFC 5545 §3.1: "Lines of text SHOULD NOT be longer than 75 octets, excluding the line break." */
const MAX_LINE_OCTETS = 75;

/** An all-day event: `start` the first day, `endExclusive` the day after the last (RFC 5545 §3.6.1). */
export interface AllDayEvent {
  /** Globally unique and the same at every fetch, so calendar apps update the event instead of adding one. */
  uid: string;
  /** YYYY-MM-DD. */
  start: string;
  /** YYYY-MM-DD, after `start`. */
  endExclusive: string;
  summary: string;
  /** When the information behind the event last changed (DTSTAMP and LAST-MODIFIED, in UTC). */
  changedAt: Date;
}

export interface Calendar {
  /** PRODID: who made the calendar, `-//Org//Product//EN`. */
  productId: string;
  /** Shown as the subscribed calendar's name (RFC 7986 NAME and the widely read X-WR-CALNAME). */
  name: string;
  /** How often a calendar app should fetch again, an ISO 8601 duration such as PT1H. */
  refreshInterval: string;
  events: readonly AllDayEvent[];
}

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped,
 * a line break written as `\n`. Other control characters (which TEXT may
 * not hold) become spaces.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- exactly the control characters TEXT may not contain
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, ' ')
  );
}

/**
 * One content line, folded (RFC 5545 §3.1): at most 75 octets of UTF-8 per
 * line, each continuation starting with one space (which counts). The line
 * breaks between code points only, never inside a character's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
      // The space that starts a continuation line is one of its 75 octets.
      limit = MAX_LINE_OCTETS - 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** 2026-12-24 → 20261224 (a DATE value). */
export function formatDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`Not a calendar date: ${date}`);
  return date.replace(/-/g, '');
}

/** A moment as a UTC DATE-TIME: 20261224T081500Z. */
export function formatUtc(moment: Date): string {
  return moment
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** The day after a calendar date (YYYY-MM-DD), across months and years. */
export function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The whole VCALENDAR. Every event is all-day (`VALUE=DATE`): lending in
 * Lendloop happens on days, not at times (a request names a first and a last
 * day; a loan has a return date), and a date carries no time zone, so each
 * event falls on the same day wherever the reader's calendar is set. A time
 * would need a zone and would invent an hour nobody agreed on. The one time
 * here, DTSTAMP (with LAST-MODIFIED), is written in UTC as RFC 5545 requires.
 * TRANSP:TRANSPARENT: a loan does not make the person busy.
 */
export function renderCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.productId}`,
    'CALSCALE:GREGORIAN',
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${calendar.refreshInterval}`,
    `X-PUBLISHED-TTL:${calendar.refreshInterval}`,
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${formatUtc(event.changedAt)}`,
      `LAST-MODIFIED:${formatUtc(event.changedAt)}`,
      `DTSTART;VALUE=DATE:${formatDate(event.start)}`,
      `DTEND;VALUE=DATE:${formatDate(event.endExclusive)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
