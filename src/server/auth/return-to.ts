import { isSingleLine } from '../../contract/schemas/text';

/**
 * Where to send a person after sign-in: only a path on our own origin, never
 * an open redirect. The value is resolved like a browser would (which strips
 * tabs and newlines, so "/\t/evil.example" would become "//evil.example") and
 * rebuilt from its path, so the Location header is always plain ASCII.
 */
export function safeReturnTo(value: unknown, publicUrl: URL): string {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/')) return '/';
  // Any control character or backslash is refused outright rather than normalised.
  if (!isSingleLine(value) || value.includes('\\')) return '/';
  let resolved: URL;
  try {
    resolved = new URL(value, publicUrl);
  } catch {
    return '/';
  }
  if (resolved.origin !== publicUrl.origin) return '/';
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/api/') || path.startsWith('/oidc/'))
    return '/';
  return path;
}

/** The first value of a query parameter as a short string (repeated or odd values must not cause a 400 or 500). */
export function queryText(value: unknown, maxLength = 200): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first.slice(0, maxLength) : undefined;
}
