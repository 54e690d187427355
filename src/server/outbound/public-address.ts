import { BlockList, isIP } from 'node:net';

/**
 * Networks the server must never be made to connect to on someone else's
 * behalf (server-side request forgery, issue 32): this host, private
 * networks, carrier-grade NAT, link-local (cloud metadata answers at
 * 169.254.169.254), unique-local, multicast, and the reserved and
 * documentation ranges (RFC 6890, the IANA special-purpose registries).
 */
const NON_PUBLIC_IPV4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const NON_PUBLIC_IPV6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // Teredo, ORCHID and the other IETF protocol assignments; 6to4 carries an IPv4 address anywhere.
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const nonPublic = new BlockList();
for (const [network, prefix] of NON_PUBLIC_IPV4) nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NON_PUBLIC_IPV6) nonPublic.addSubnet(network, prefix, 'ipv6');

/**
 * True for an IP address that is on the public internet; false for anything
 * else, including what is not an IP address at all ("2130706433", "0x7f.1":
 * only a resolver's answer is checked here, never a spelling). An IPv6
 * address that carries an IPv4 one (mapped `::ffff:a.b.c.d`, the old
 * compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`) is judged by that IPv4
 * address.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !nonPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  const embedded = embeddedIpv4(groups);
  if (embedded !== undefined) return isPublicAddress(embedded);
  return !nonPublic.check(address, 'ipv6');
}

/** The eight 16-bit groups of a valid IPv6 address (a zone such as `%eth0` dropped). */
function ipv6Groups(address: string): number[] {
  let text = (address.split('%')[0] ?? '').toLowerCase();
  // A trailing dotted quad is two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...zeros, ...back];
}

function embeddedIpv4(groups: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  const mapped = firstFiveZero && g5 === 0xffff;
  // ::a.b.c.d, but not :: and ::1 themselves (the list above judges those).
  const compatible = firstFiveZero && g5 === 0 && (g6 !== 0 || g7 > 1);
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (!mapped && !compatible && !nat64) return undefined;
  return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
}
