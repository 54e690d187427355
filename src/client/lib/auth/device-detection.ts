/**
 * User-agent checks for the sign-in navigation and the auth-debug page.
 * Pure functions of their inputs so they can be tested with recorded agents.
 */

export interface DeviceInfo {
  userAgent: string;
  isIos: boolean;
  isSafari: boolean;
}

/**
 * iPhone, iPad and iPod. iPadOS 13+ reports itself as a Mac, so a "Macintosh"
 * agent with a touch screen also counts (desktop Macs have no touch points).
 */
export function isIosUserAgent(userAgent: string, maxTouchPoints = 0): boolean {
  if (/iPad|iPhone|iPod/.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/**
 * Safari proper: Chrome, Edge, Firefox, Opera and Android browsers also
 * include "Safari" in their agent, so they are excluded by their own tokens.
 */
export function isSafariUserAgent(userAgent: string): boolean {
  if (!/Safari\//.test(userAgent)) return false;
  return !/Chrome\/|Chromium\/|CriOS\/|FxiOS\/|EdgiOS\/|EdgA\/|Edg\/|OPR\/|OPiOS\/|Android/.test(userAgent);
}

export function getDeviceInfo(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): DeviceInfo {
  const userAgent = nav.userAgent;
  return {
    userAgent,
    isIos: isIosUserAgent(userAgent, nav.maxTouchPoints),
    isSafari: isSafariUserAgent(userAgent),
  };
}
