import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';

describe('isPublicAddress (issue 32: where the server may be made to connect)', () => {
  it('refuses this host, private networks, link-local, unique-local and reserved ranges, in both families', () => {
    const refused = [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456:789a::1',
      'ff02::1',
      '2001:db8::1',
      '2002:7f00:1::',
      // IPv4 carried in IPv6: mapped (both spellings), the old compatible form, NAT64.
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.1',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  it('accepts public addresses, also inside IPv6 forms that carry them', () => {
    const accepted = ['8.8.8.8', '142.250.185.106', '17.253.144.10', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8'];
    for (const address of accepted) expect(isPublicAddress(address), address).toBe(true);
  });

  it('takes no spelling for an address: decimal, octal and hex forms and names are not addresses', () => {
    for (const text of ['2130706433', '0177.0.0.1', '0x7f.0.0.1', '0x7f000001', '127.1', 'localhost', '']) {
      expect(isPublicAddress(text), text).toBe(false);
    }
  });
});
