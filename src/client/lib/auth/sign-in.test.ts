import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDeviceInfo, isIosUserAgent, isSafariUserAgent } from './device-detection';
import { SIGN_IN_PATH, needsLinkNavigation, signIn, signInUrl, requestedPath } from './sign-in';

const AGENTS = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  ipadOsDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15',
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidStock:
    'Mozilla/5.0 (Linux; U; Android 4.4.2; de-de; GT-I9505 Build/KOT49H) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
} as const;

describe('device detection', () => {
  it.each([
    ['iphoneSafari', 0, true, true],
    ['iphoneChrome', 5, true, false],
    ['ipadOsDesktopMode', 5, true, true],
    ['macSafari', 0, false, true],
    ['macChrome', 0, false, false],
    ['windowsEdge', 0, false, false],
    ['androidChrome', 5, false, false],
    ['androidStock', 5, false, false],
    ['firefoxLinux', 0, false, false],
  ] as const)('%s (touch points %i): iOS %s, Safari %s', (agent, touchPoints, ios, safari) => {
    expect(isIosUserAgent(AGENTS[agent], touchPoints)).toBe(ios);
    expect(isSafariUserAgent(AGENTS[agent])).toBe(safari);
    expect(getDeviceInfo({ userAgent: AGENTS[agent], maxTouchPoints: touchPoints })).toEqual({
      userAgent: AGENTS[agent],
      isIos: ios,
      isSafari: safari,
    });
  });

  it('uses the hidden link on iOS or Safari only', () => {
    expect(needsLinkNavigation({ isIos: true, isSafari: false })).toBe(true);
    expect(needsLinkNavigation({ isIos: false, isSafari: true })).toBe(true);
    expect(needsLinkNavigation({ isIos: false, isSafari: false })).toBe(false);
  });
});

describe('signIn', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('assigns the location elsewhere', () => {
    const assign = vi.fn();
    signIn({ device: { isIos: false, isSafari: false }, document, assign });
    expect(assign).toHaveBeenCalledWith(SIGN_IN_PATH);
  });

  it('clicks a hidden link to /api/login on iOS and Safari, then removes it', () => {
    const assign = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof HTMLAnchorElement) clicked.push(event.target);
      event.preventDefault(); // jsdom cannot navigate
    };
    document.addEventListener('click', onClick);
    signIn({ device: { isIos: true, isSafari: true }, document, assign });
    document.removeEventListener('click', onClick);

    expect(assign).not.toHaveBeenCalled();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.getAttribute('href')).toBe('/api/login');
    expect(clicked[0]?.hidden).toBe(true);
    expect(document.querySelector('a[href="/api/login"]')).toBeNull();
  });
});

describe('signInUrl', () => {
  it('carries the in-app address to come back to, encoded', () => {
    expect(signInUrl()).toBe(SIGN_IN_PATH);
    expect(signInUrl('/groups?join=0123456789')).toBe('/api/login?returnTo=%2Fgroups%3Fjoin%3D0123456789');
  });
});

describe('requestedPath (issue 33, defect 8)', () => {
  it('is the page asked for, with its query and fragment, and nothing on the start page', () => {
    expect(requestedPath({ pathname: '/contacts', search: '?x=1', hash: '#top' })).toBe('/contacts?x=1#top');
    expect(requestedPath({ pathname: '/', search: '?ref=abc', hash: '' })).toBeUndefined();
  });
});
