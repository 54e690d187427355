import { assignLocation } from '../full-page-navigation';
import { getDeviceInfo, type DeviceInfo } from './device-detection';

export const SIGN_IN_PATH = '/api/login';

/**
 * Spec §2: on iOS (every browser there is WebKit) and on Safari, sign-in is a
 * click on a hidden link rather than a location assignment; WebKit treats a
 * link activation as a regular navigation, which is what the sign-in redirect
 * chain and its cookies were made to work with there.
 */
export function needsLinkNavigation(device: Pick<DeviceInfo, 'isIos' | 'isSafari'>): boolean {
  return device.isIos || device.isSafari;
}

export interface SignInEnvironment {
  device: Pick<DeviceInfo, 'isIos' | 'isSafari'>;
  document: Document;
  /** Full page navigation by script. */
  assign: (url: string) => void;
}

function browserEnvironment(): SignInEnvironment {
  return { device: getDeviceInfo(), document, assign: assignLocation };
}

/**
 * The page a signed-out visitor asked for, to come back to after signing in
 * (issue 33, defect 8: /contacts → Sign in used to land on /). Undefined on
 * the start page, where there is nothing to come back to. The server accepts
 * only paths of our own origin (auth/return-to.ts), so this is no open redirect.
 */
export function requestedPath(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
): string | undefined {
  if (location.pathname === '/') return undefined;
  return `${location.pathname}${location.search}${location.hash}`;
}

/** /api/login, with the in-app path to come back to after sign-in (the server accepts only our own paths). */
export function signInUrl(returnTo?: string): string {
  return returnTo ? `${SIGN_IN_PATH}?returnTo=${encodeURIComponent(returnTo)}` : SIGN_IN_PATH;
}

/** Starts sign-in with a full page navigation to /api/login (spec §2); `returnTo` is where to land afterwards. */
export function signIn(env: SignInEnvironment = browserEnvironment(), returnTo?: string): void {
  const url = signInUrl(returnTo);
  if (!needsLinkNavigation(env.device)) {
    env.assign(url);
    return;
  }
  const link = env.document.createElement('a');
  link.href = url;
  link.hidden = true;
  link.rel = 'noopener';
  env.document.body.appendChild(link);
  link.click();
  link.remove();
}
