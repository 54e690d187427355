/** Name prefixes of common analytics cookies: Google Analytics, Matomo/Piwik, Hotjar. */
export const ANALYTICS_COOKIE_PREFIXES = ['_ga', '_gid', '_gat', '_pk', '_hj'] as const;

const EXPIRED = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0';

export function isAnalyticsCookieName(name: string): boolean {
  return ANALYTICS_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix));
}

function cookieNames(cookieString: string): string[] {
  return cookieString
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter(Boolean);
}

/**
 * The domains a cookie for this host may have been set on: the host itself
 * and its parents down to two labels (analytics scripts usually set
 * `.example.com` from `www.example.com`). IP addresses and single-label hosts
 * such as localhost only have host-only cookies.
 */
export function candidateCookieDomains(hostname: string): string[] {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return [];
  const labels = hostname.split('.');
  const domains: string[] = [];
  for (let i = 0; i <= labels.length - 2; i += 1) domains.push(labels.slice(i).join('.'));
  return domains;
}

/**
 * Expires every analytics cookie visible to this page, on path / both
 * host-only and for the current domain and its parents. Returns the names it
 * expired (for tests and logging).
 */
export function removeAnalyticsCookies(
  doc: Document = document,
  hostname: string = window.location.hostname,
): string[] {
  const names = [...new Set(cookieNames(doc.cookie).filter(isAnalyticsCookieName))];
  const domains = candidateCookieDomains(hostname);
  for (const name of names) {
    doc.cookie = `${name}=; ${EXPIRED}; path=/`;
    for (const domain of domains) doc.cookie = `${name}=; ${EXPIRED}; path=/; domain=${domain}`;
  }
  return names;
}
