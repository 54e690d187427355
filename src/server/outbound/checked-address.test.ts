import { describe, expect, it } from 'vitest';
import { resolverOf } from '../../../tests/support/resolver';
import { OutboundAddressRefused, pinnedLookup, resolveCheckedAddress } from './checked-address';

describe('resolveCheckedAddress', () => {
  it('gives the first address of a name whose every address is public, resolving once', async () => {
    const resolve = resolverOf({ 'web.push.apple.com': ['17.253.144.10', '2a01:b740::10'] });
    await expect(resolveCheckedAddress('web.push.apple.com', { resolve, allowPrivate: false })).resolves.toEqual({
      address: '17.253.144.10',
      family: 4,
    });
    expect(resolve.asked).toEqual(['web.push.apple.com']);
  });

  it('refuses a name that resolves to loopback, link-local, a private or a unique-local address, even one of several', async () => {
    const resolve = resolverOf({
      'a.push.apple.com': ['127.0.0.1'],
      'b.push.apple.com': ['::1'],
      'c.push.apple.com': ['169.254.169.254'],
      'd.push.apple.com': ['17.253.144.10', '10.0.0.7'],
      'e.push.apple.com': ['fd00::1'],
      'f.push.apple.com': ['::ffff:127.0.0.1'],
    });
    for (const label of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const name = `${label}.push.apple.com`;
      const refusal = await resolveCheckedAddress(name, { resolve, allowPrivate: false }).catch(
        (error: unknown) => error,
      );
      expect(refusal, name).toBeInstanceOf(OutboundAddressRefused);
      expect((refusal as OutboundAddressRefused).reason, name).toBe('not_public');
    }
  });

  it('checks an address literal as itself, without asking DNS', async () => {
    const resolve = resolverOf({});
    for (const literal of ['127.0.0.1', '[::1]', '169.254.169.254']) {
      await expect(resolveCheckedAddress(literal, { resolve, allowPrivate: false }), literal).rejects.toMatchObject({
        reason: 'not_public',
      });
    }
    expect(resolve.asked).toEqual([]);
  });

  it('lets an operator-listed host be private, and tells a name that does not resolve apart', async () => {
    const resolve = resolverOf({ 'push.lan': ['192.168.1.20'] });
    await expect(resolveCheckedAddress('push.lan', { resolve, allowPrivate: true })).resolves.toEqual({
      address: '192.168.1.20',
      family: 4,
    });
    await expect(resolveCheckedAddress('gone.push.apple.com', { resolve, allowPrivate: false })).rejects.toMatchObject({
      reason: 'unresolved',
    });
  });
});

describe('pinnedLookup', () => {
  it('answers every host name with the checked address, in both of the shapes net asks for', async () => {
    const lookup = pinnedLookup({ address: '17.253.144.10', family: 4 });
    const single = await new Promise((resolve) =>
      lookup('127.0.0.1;.push.apple.com', {}, (error, address, family) => resolve({ error, address, family })),
    );
    expect(single).toEqual({ error: null, address: '17.253.144.10', family: 4 });
    const all = await new Promise((resolve) =>
      lookup('localhost', { all: true }, (error, addresses) => resolve(addresses)),
    );
    expect(all).toEqual([{ address: '17.253.144.10', family: 4 }]);
  });
});
