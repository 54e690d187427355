import { createServer } from 'node:net';

/** A tiny cookie jar: enough to follow the sign-in redirects like a browser. */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** A cookie the page itself wrote (e.g. the client's `i18next` language cookie). */
  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** GET/POST without following redirects, keeping cookies. */
export async function step(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set('cookie', cookie);
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers, redirect: 'manual' });
  } catch (error) {
    // Like a browser, retry once when a kept-alive connection turns out to be
    // closed by the server (it restarted): the request never reached it.
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    response = await fetch(url, { ...init, headers, redirect: 'manual' });
  }
  jar.store(response);
  return response;
}

export function locationOf(response: Response, base: string): string {
  const location = response.headers.get('location');
  if (!location) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(location, base).href;
}

type AccountChoice = { create: { name: string; username: string; email?: string } } | { pick: string };

/**
 * Runs the real authorization-code flow up to the provider's redirect back to
 * us: /api/login → provider → our sign-in page → create or pick an account.
 * Returns the callback URL (with the real code and state), not yet visited.
 */
export async function reachCallback(
  baseUrl: string,
  jar: CookieJar,
  account: AccountChoice,
  returnTo?: string,
): Promise<{ callbackUrl: string; interactionHtml: string }> {
  const login = await step(jar, `${baseUrl}/api/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
  const toInteraction = await step(jar, locationOf(login, baseUrl));
  const interactionUrl = locationOf(toInteraction, baseUrl);
  const page = await step(jar, interactionUrl);
  const interactionHtml = await page.text();
  const body =
    'create' in account
      ? new URLSearchParams({
          name: account.create.name,
          username: account.create.username,
          email: account.create.email ?? '',
        })
      : new URLSearchParams({ accountId: account.pick });
  const submitted = await step(jar, `${interactionUrl}/${'create' in account ? 'create' : 'login'}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
  });
  const resumed = await step(jar, locationOf(submitted, baseUrl));
  return { callbackUrl: locationOf(resumed, baseUrl), interactionHtml };
}

/** The whole flow, callback included. Returns where the app finally sends the browser. */
export async function signInThroughProvider(
  baseUrl: string,
  jar: CookieJar,
  account: AccountChoice,
  returnTo?: string,
): Promise<{ finalLocation: string; interactionHtml: string }> {
  const { callbackUrl, interactionHtml } = await reachCallback(baseUrl, jar, account, returnTo);
  const callback = await step(jar, callbackUrl);
  return { finalLocation: locationOf(callback, baseUrl), interactionHtml };
}
