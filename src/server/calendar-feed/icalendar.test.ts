import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, formatDate, formatUtc, nextDay, renderCalendar } from './icalendar';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('RFC 5545 by hand', () => {
  it('escapes backslash, semicolon, comma and every kind of line break; other controls become spaces', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('tab\tstays, bell\u0007 and nul\u0000 do not')).toBe('tab\tstays\\, bell  and nul  do not');
    expect(escapeText('Grüße: 🔨')).toBe('Grüße: 🔨');
  });

  it('leaves a line of 75 octets alone and folds the 76th onto a line starting with a space', () => {
    const exact = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(exact)).toBe(75);
    expect(foldLine(exact)).toBe(exact);
    const folded = foldLine(`${exact}y`);
    expect(folded).toBe(`${exact}\r\n y`);
  });

  it('folds at 75 octets, not characters, and never inside a character’s bytes', () => {
    // 3-byte and 4-byte characters that do not divide 75 or 74 evenly.
    for (const character of ['€', '🧰', 'é']) {
      const line = `SUMMARY:${character.repeat(80)}`;
      const folded = foldLine(line);
      const lines = folded.split('\r\n');
      expect(lines.length).toBeGreaterThan(1);
      for (const [index, physical] of lines.entries()) {
        expect(octets(physical), `${character} line ${index}`).toBeLessThanOrEqual(75);
        if (index > 0) expect(physical.startsWith(' ')).toBe(true);
        // A cut inside a character would leave a lone surrogate or a partial sequence here.
        expect(Buffer.from(physical, 'utf8').toString('utf8')).toBe(physical);
      }
      // Unfolding (RFC 5545 §3.1: remove CRLF and the one space after it) gives the line back.
      expect(folded.replace(/\r\n /g, '')).toBe(line);
      // Lines are filled: each but the last holds as many whole characters as fit.
      for (const physical of lines.slice(0, -1)) {
        expect(octets(physical) + octets(character)).toBeGreaterThan(75);
      }
    }
  });

  it('writes dates, UTC times and the day after', () => {
    expect(formatDate('2026-12-24')).toBe('20261224');
    expect(() => formatDate('24.12.2026')).toThrow();
    expect(formatUtc(new Date('2026-12-24T08:15:30.123Z'))).toBe('20261224T081530Z');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-03-28')).toBe('2026-03-29');
  });

  it('renders a calendar ical.js reads back, every line ended by CRLF', () => {
    const text = renderCalendar({
      productId: '-//Test//Test//EN',
      name: 'Mine, all; mine',
      refreshInterval: 'PT1H',
      events: [
        {
          uid: 'one@example.test',
          start: '2026-12-24',
          endExclusive: '2026-12-27',
          summary: 'Three days, with a comma',
          changedAt: new Date('2026-12-01T10:00:00Z'),
        },
      ],
    });
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    // X- properties are TEXT unless said otherwise (RFC 5545 §3.8.8.2), so the name is escaped too; ical.js
    // knows neither X-WR-CALNAME nor RFC 7986's NAME and hands their values over as written.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Mine\\, all\\; mine');
    expect(calendar.getFirstPropertyValue('name')).toBe('Mine\\, all\\; mine');
    const [vevent] = calendar.getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent);
    expect([event.uid, event.summary, event.startDate.toString(), event.endDate.toString()]).toEqual([
      'one@example.test',
      'Three days, with a comma',
      '2026-12-24',
      '2026-12-27',
    ]);
    expect(event.startDate.isDate).toBe(true);
    expect((vevent?.getFirstPropertyValue('dtstamp') as ICAL.Time).toString()).toBe('2026-12-01T10:00:00Z');
  });
});
