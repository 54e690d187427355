import { lookup } from 'node:dns/promises';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to. Tests pass their own: DNS lies outside our walls. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Why an outbound request was not made: the host did not resolve (which may
 * pass), or it resolved somewhere the server must not go (which will not).
 */
export class OutboundAddressRefused extends Error {
  override name = 'OutboundAddressRefused';
  constructor(
    message: string,
    readonly reason: 'unresolved' | 'not_public',
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Resolves `hostname` once and checks what it resolved to (issue 32): every
 * address must be public, unless `allowPrivate` (a host the operator listed
 * on purpose, such as a push service on the local network). The address
 * returned is the one to connect to, through `pinnedHttpsAgent`: a second
 * lookup at connect time could answer differently (DNS rebinding).
 */
export async function resolveCheckedAddress(
  hostname: string,
  options: { resolve: Resolve; allowPrivate: boolean },
): Promise<ResolvedAddress> {
  // "[::1]" in a URL's hostname is the address itself.
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const family = isIP(bare);
  let addresses: ResolvedAddress[];
  try {
    addresses = family ? [{ address: bare, family }] : await options.resolve(bare);
  } catch (error) {
    throw new OutboundAddressRefused(`${hostname} did not resolve`, 'unresolved', { cause: error });
  }
  const first = addresses[0];
  if (!first) throw new OutboundAddressRefused(`${hostname} resolved to no address`, 'unresolved');
  if (!options.allowPrivate) {
    const refused = addresses.find((resolved) => !isPublicAddress(resolved.address));
    if (refused) {
      throw new OutboundAddressRefused(`${hostname} resolves to ${refused.address}, which is not public`, 'not_public');
    }
  }
  return first;
}

/**
 * A `lookup` that answers every question with `target`: whatever host name
 * the sending library parsed from its URL, the socket connects to the
 * address that was checked. (Node skips lookup for an IP literal; callers
 * connect only to a host name or to the literal they checked.)
 */
export function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * An agent for one request to `target`, with TLS still verifying the
 * certificate for the URL's host name. `ca` adds a trusted certificate
 * (tests: their self-signed push service). No keep-alive: the next request
 * is checked again.
 */
export function pinnedHttpsAgent(target: ResolvedAddress, tls: { ca?: string } = {}): https.Agent {
  return new https.Agent({ lookup: pinnedLookup(target), keepAlive: false, ...(tls.ca ? { ca: tls.ca } : {}) });
}
