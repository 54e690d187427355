import { isIP } from 'node:net';
import { isLoopbackUrl } from '../../config/config';

/**
 * Who the passkeys are for (WebAuthn's relying party, docs/decisions/0051):
 * the host of PUBLIC_URL, and the origin browsers sign in from. A passkey
 * made for one host never works for another, so PUBLIC_URL's host must stay
 * what it is once people have passkeys.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyFor(publicUrl: URL): RelyingParty {
  return { id: publicUrl.hostname, name: 'Lendloop', origin: publicUrl.origin };
}

/**
 * Whether browsers offer passkeys at this address at all: WebAuthn needs a
 * secure context (https, or http on localhost) and a domain name as the
 * relying party (an IP address such as 127.0.0.1 is refused).
 */
export function passkeysWorkAt(publicUrl: URL): boolean {
  if (isIP(publicUrl.hostname.replace(/^\[|\]$/g, '')) !== 0) return false;
  return publicUrl.protocol === 'https:' || isLoopbackUrl(publicUrl);
}
