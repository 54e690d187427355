import { describe, expect, it } from 'vitest';
import { nextHop, OutboundRedirectRefused } from './outbound-get';

const from = new URL('https://covers.openlibrary.org/b/id/1-L.jpg');
const archive = ['archive.org', '.archive.org'];

describe('nextHop: where a redirect may lead (issue 32, finding 3)', () => {
  it('follows a relative or absolute location on the same host and port', () => {
    expect(nextHop(from, '/b/id/2-L.jpg', []).href).toBe('https://covers.openlibrary.org/b/id/2-L.jpg');
    expect(nextHop(from, 'https://covers.openlibrary.org/x', []).href).toBe('https://covers.openlibrary.org/x');
  });

  it('follows a listed host, exactly or under a listed domain', () => {
    expect(nextHop(from, 'https://archive.org/download/a.jpg', archive).hostname).toBe('archive.org');
    expect(nextHop(from, 'https://ia800100.us.archive.org/a.jpg', archive).hostname).toBe('ia800100.us.archive.org');
  });

  it.each([
    ['another host', 'https://example.org/'],
    ['a name that only ends like a listed one', 'https://evilarchive.org/'],
    ['the same host on another port', 'https://covers.openlibrary.org:8443/'],
    ['a loopback address', 'https://127.0.0.1/'],
    ['HTTPS to HTTP', 'http://covers.openlibrary.org/x'],
    ['HTTPS to HTTP on a listed host', 'http://archive.org/x'],
    ['another scheme', 'file:///etc/passwd'],
    ['credentials in the URL', 'https://user:secret@covers.openlibrary.org/'],
    ['an unreadable location', 'https://[::1'],
  ])('refuses %s', (_case, location) => {
    expect(() => nextHop(from, location, archive)).toThrow(OutboundRedirectRefused);
  });
});
