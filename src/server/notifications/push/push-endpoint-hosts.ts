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

/**
 * True when the server may POST to this endpoint. The URL comes from a
 * browser, so without this check a signed-in person could make the server
 * send requests to any address it can reach (SSRF): only https, the default
 * port, and the known push services plus the hosts the operator adds.
 */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  // An operator-listed host with a port ("127.0.0.1:8443") allows that port
  // only; without one, any port (a test push service listens on port 0).
  const hostWithPort = `${host}:${url.port || '443'}`;
  const extra = extraHosts.some((pattern) =>
    /:\d+$/.test(pattern) ? hostMatches(hostWithPort, pattern) : hostMatches(host, pattern),
  );
  if (extra) return true;
  return url.port === '' && KNOWN_PUSH_SERVICE_HOSTS.some((pattern) => hostMatches(host, pattern));
}

function hostMatches(host: string, pattern: string): boolean {
  const wanted = pattern.toLowerCase();
  if (wanted.startsWith('*.')) return host.endsWith(wanted.slice(1)) && host.length > wanted.length - 1;
  return host === wanted;
}
