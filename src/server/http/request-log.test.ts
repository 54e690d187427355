import { describe, expect, it } from 'vitest';
import { loggedUrl } from './request-log';

const PREFIXES = ['/calendar/'];

describe('the URL a request log line shows', () => {
  it('is the URL itself, unless it holds a secret path', () => {
    expect(loggedUrl('/api/items/my?x=1', PREFIXES)).toBe('/api/items/my?x=1');
    expect(loggedUrl('/calendars', PREFIXES)).toBe('/calendars');
  });

  it('stops after a secret prefix wherever it stands: routed, mistyped, absolute-form or in a query', () => {
    const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
    expect(loggedUrl(`/calendar/${token}.ics`, PREFIXES)).toBe('/calendar/…');
    expect(loggedUrl(`/calendar/${token}`, PREFIXES)).toBe('/calendar/…');
    expect(loggedUrl(`http://lendloop.example/calendar/${token}.ics`, PREFIXES)).toBe(
      'http://lendloop.example/calendar/…',
    );
    expect(loggedUrl(`/api/x?next=/calendar/${token}.ics`, PREFIXES)).toBe('/api/x?next=/calendar/…');
  });

  it('cuts an unsubscribe link after its token parameter, as the server configures it (app.ts)', () => {
    const prefixes = ['/calendar/', '/unsubscribe?token='];
    expect(loggedUrl('/unsubscribe?token=eyJ1c2VySWQiOiJhIn0.c2ln', prefixes)).toBe('/unsubscribe?token=…');
    expect(loggedUrl('/unsubscribe', prefixes)).toBe('/unsubscribe');
  });
});
