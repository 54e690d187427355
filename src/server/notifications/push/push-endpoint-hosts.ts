import { isIP } from 'node:net';
import { parse as parseLegacy } from 'node:url';

/**
 * The push services browsers use (docs/decisions/0024): Chrome, Edge's and
 * other Chromium's FCM, Firefox's autopush, Safari's APNs web push and
 * Windows' WNS. A leading "*." allows any subdomain.
 */
export const KNOWN_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** An endpoint the server may POST to, read the one way every parser reads it. */
export interface AllowedPushEndpoint {
  /** The host to resolve and check before connecting (an IPv6 literal without its brackets). */
  hostname: string;
  /** Listed by the operator (PUSH_ENDPOINT_HOSTS): it may resolve to a private address on purpose. */
  operatorListed: boolean;
}

/**
 * The endpoint when the server may POST to it, else undefined. The URL comes
 * from a browser, so without this check a signed-in person could make the
 * server send requests to any address it can reach (SSRF): only https, no
 * credentials, the default port, and the known push services plus the hosts
 * the operator adds. Delivery then resolves the host and connects only to a
 * public address it checked (deliver-push-job.ts, docs/outbound-requests.md).
 */
export function allowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): AllowedPushEndpoint | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return undefined;
  if (!readTheSameByLegacyParser(endpoint, url)) return undefined;
  const host = url.hostname.toLowerCase();
  const hostname = host.startsWith('[') ? host.slice(1, -1) : host;
  // An operator-listed host with a port ("127.0.0.1:8443") allows that port
  // only; without one, any port (a test push service listens on port 0).
  const hostWithPort = `${host}:${url.port || '443'}`;
  const extra = extraHosts.some((pattern) =>
    /:\d+$/.test(pattern) ? hostMatches(hostWithPort, pattern) : hostMatches(host, pattern),
  );
  if (extra) return { hostname, operatorListed: true };
  // Push services are reached by name: an address literal is only ever an operator's own host.
  if (isIP(hostname) !== 0) return undefined;
  const known = url.port === '' && KNOWN_PUSH_SERVICE_HOSTS.some((pattern) => hostMatches(host, pattern));
  return known ? { hostname, operatorListed: false } : undefined;
}

export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  return allowedPushEndpoint(endpoint, extraHosts) !== undefined;
}

/**
 * web-push connects with Node's legacy `url.parse()`, which reads some URLs
 * differently from WHATWG `URL`: to it, `https://127.0.0.1;.push.apple.com/x`
 * is host 127.0.0.1, to `URL` a subdomain of push.apple.com (issue 32). The
 * host that is checked must be the host that is connected to, so an endpoint
 * both do not read alike (host, port, path and query) is refused.
 */
function readTheSameByLegacyParser(endpoint: string, url: URL): boolean {
  // The deprecated parser, on purpose: it is the one the push library uses.
  const legacy = parseLegacy(endpoint);
  const whatwgHost = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return (
    legacy.protocol === 'https:' &&
    !legacy.auth &&
    legacy.hostname === whatwgHost &&
    (legacy.port ?? '') === url.port &&
    legacy.path === `${url.pathname}${url.search}` &&
    legacy.hash === null
  );
}

function hostMatches(host: string, pattern: string): boolean {
  const wanted = pattern.toLowerCase();
  if (wanted.startsWith('*.')) return host.endsWith(wanted.slice(1)) && host.length > wanted.length - 1;
  return host === wanted;
}
