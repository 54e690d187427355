import { parse as parseLegacy } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allowedPushEndpoint, isAllowedPushEndpoint } from './push-endpoint-hosts';

/**
 * Issue 32, finding 1: the allow-list read endpoints with WHATWG `URL`, the
 * push library connects where Node's legacy `url.parse()` says. These are
 * the spellings that passed: a subdomain of push.apple.com to one, this
 * host, link-local or the cloud metadata service to the other.
 */
const TARGETS = [
  '127.0.0.1',
  'localhost',
  '169.254.169.254',
  'metadata.google.internal',
  '2130706433',
  '0x7f.1',
  '0177.0.0.1',
];
const SEPARATORS = [';', "'", '"', '`', '{', '}', '%2e', '%2E'];
const SMUGGLED = TARGETS.flatMap((target) =>
  SEPARATORS.map((separator) => ({ target, endpoint: `https://${target}${separator}.push.apple.com/x` })),
);

describe('push endpoints the legacy parser reads as another host', () => {
  it('are what made the attack work: WHATWG sees a push.apple.com host, url.parse() the target', () => {
    for (const { target, endpoint } of SMUGGLED) {
      expect(new URL(endpoint).hostname.endsWith('.push.apple.com'), endpoint).toBe(true);
      expect(parseLegacy(endpoint).hostname, endpoint).toBe(target);
    }
  });

  it('are all refused', () => {
    for (const { endpoint } of SMUGGLED) expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(false);
    // Also when the operator allows loopback: the legacy host is not the host that was listed.
    for (const { endpoint } of SMUGGLED)
      expect(isAllowedPushEndpoint(endpoint, ['*.push.apple.com', '127.0.0.1']), endpoint).toBe(false);
  });

  it('refuses IPv6 spellings, which WHATWG cannot read at all but url.parse() can', () => {
    for (const host of ['[::1]', '[::ffff:127.0.0.1]', '[fe80::1]']) {
      const endpoint = `https://${host};.push.apple.com/x`;
      expect(() => new URL(endpoint), endpoint).toThrow();
      expect(parseLegacy(endpoint).hostname, endpoint).toBe(host.slice(1, -1));
      expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(false);
    }
  });
});

describe('address literals as push endpoints', () => {
  it('are refused unless the operator listed that very host, in every IPv4 and IPv6 spelling', () => {
    const literals = [
      'https://127.0.0.1/x',
      'https://2130706433/x',
      'https://0x7f000001/x',
      'https://0177.0.0.1/x',
      'https://127.1/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/x',
    ];
    for (const endpoint of literals) expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(false);
    // Known push service patterns never match an address.
    expect(isAllowedPushEndpoint('https://17.253.144.10/x', ['*.push.apple.com'])).toBe(false);
  });

  it('are read the same by both parsers when an operator lists one (a push service on the local network)', () => {
    expect(allowedPushEndpoint('https://127.0.0.1:8443/push/1', ['127.0.0.1:8443'])).toEqual({
      hostname: '127.0.0.1',
      operatorListed: true,
    });
    expect(allowedPushEndpoint('https://[fd00::7]/push/1', ['[fd00::7]'])).toEqual({
      hostname: 'fd00::7',
      operatorListed: true,
    });
    // The decimal form is 127.0.0.1 to WHATWG and "2130706433" to url.parse(): not the same URL.
    expect(allowedPushEndpoint('https://2130706433:8443/push/1', ['127.0.0.1:8443'])).toBeUndefined();
  });
});

describe('real push service endpoints', () => {
  it('pass, read alike by both parsers, to be resolved and checked before connecting', () => {
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH-x_y',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGx1cmtlcg?x=1',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ];
    for (const endpoint of endpoints) {
      expect(allowedPushEndpoint(endpoint, []), endpoint).toEqual({
        hostname: new URL(endpoint).hostname,
        operatorListed: false,
      });
    }
  });

  it('refuses one with a fragment, credentials or a port the parsers could read apart', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/x#frag',
      'https://user@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:443/fcm/send/x',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(false);
    }
  });
});
