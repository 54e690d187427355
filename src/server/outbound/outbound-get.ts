import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { OutboundAddressRefused, pinnedLookup, resolveCheckedAddress, type Resolve } from './checked-address';

export interface OutboundGetOptions {
  headers: Record<string, string>;
  signal: AbortSignal;
  resolve: Resolve;
  /**
   * Hosts (`host[:port]`) the operator configured: their addresses may be
   * private or loopback (a mirror on the local network). Every other host
   * must resolve to public addresses only.
   */
  configuredHosts: ReadonlySet<string>;
  /**
   * Host names a redirect may lead to besides the host it came from: exact
   * names, or a leading dot for any name under a domain (".archive.org").
   */
  redirectHosts: readonly string[];
  maxRedirects: number;
}

/** A redirect the request did not follow: to another host, to plain HTTP, or one too many. */
export class OutboundRedirectRefused extends Error {
  override name = 'OutboundRedirectRefused';
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A GET to a service outside our walls (issue 32, finding 3;
 * docs/outbound-requests.md), redirects followed by hand so each hop is
 * checked before it is made:
 *
 * - a hop goes to the host it came from, or to one of `redirectHosts`,
 *   never from HTTPS to HTTP;
 * - every hop's host is resolved once and checked (public unless
 *   configured), and the socket connects to exactly that address
 *   (`pinnedLookup`), so a second DNS answer cannot differ;
 * - at most `maxRedirects` hops.
 *
 * Answers as fetch does (a web `Response`), so callers read it the same way.
 * Throws OutboundAddressRefused or OutboundRedirectRefused.
 */
export async function outboundGet(url: URL, options: OutboundGetOptions): Promise<Response> {
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const response = await getPinned(current, options);
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
    await response.body?.cancel();
    if (redirects >= options.maxRedirects) {
      throw new OutboundRedirectRefused(`More than ${options.maxRedirects} redirects from ${url.origin}`);
    }
    current = nextHop(current, location, options.redirectHosts);
  }
}

/** Where a redirect leads, if the request may go there. */
export function nextHop(from: URL, location: string, redirectHosts: readonly string[]): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new OutboundRedirectRefused(`${from.origin} redirected to an unreadable location`);
  }
  if (next.protocol !== 'https:' && next.protocol !== 'http:') {
    throw new OutboundRedirectRefused(`${from.origin} redirected to a ${next.protocol} URL`);
  }
  if (from.protocol === 'https:' && next.protocol === 'http:') {
    throw new OutboundRedirectRefused(`${from.origin} redirected from HTTPS to HTTP`);
  }
  if (next.username || next.password) {
    throw new OutboundRedirectRefused(`${from.origin} redirected to a URL with credentials`);
  }
  if (next.host !== from.host && !isListedHost(next.hostname, redirectHosts)) {
    throw new OutboundRedirectRefused(`${from.origin} redirected to another host, ${next.host}`);
  }
  return next;
}

function isListedHost(hostname: string, listed: readonly string[]): boolean {
  return listed.some((entry) => (entry.startsWith('.') ? hostname.endsWith(entry) : hostname === entry));
}

async function getPinned(url: URL, options: OutboundGetOptions): Promise<Response> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundAddressRefused(`${url.protocol} is not HTTP`, 'not_public');
  }
  const address = await resolveCheckedAddress(url.hostname, {
    resolve: options.resolve,
    allowPrivate: options.configuredHosts.has(url.host),
  });
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Response>((resolve, reject) => {
    const request = transport.get(
      url,
      { headers: options.headers, signal: options.signal, lookup: pinnedLookup(address), agent: false },
      (incoming) => {
        const headers = new Headers();
        for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
          headers.append(incoming.rawHeaders[i] ?? '', incoming.rawHeaders[i + 1] ?? '');
        }
        const status = incoming.statusCode ?? 502;
        if (NULL_BODY_STATUSES.has(status)) {
          incoming.resume();
          return resolve(new Response(null, { status, headers }));
        }
        const body = Readable.toWeb(incoming) as ReadableStream<Uint8Array>;
        resolve(new Response(body, { status, headers }));
      },
    );
    request.once('error', reject);
  });
}

/** The body, or null once it passes `maxBytes` (declared or counted): reading stops there. */
export async function readCapped(response: Response, maxBytes: number, signal: AbortSignal): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes || !response.body) {
    await response.body?.cancel();
    return declared > maxBytes ? null : Buffer.alloc(0);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    signal.throwIfAborted();
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
