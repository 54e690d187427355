import type { Page } from '@playwright/test';
import { newTestUser, openBuiltInSignInPage, signUpThroughProvider } from './support/auth';
import { expect, test } from './support/fixtures';

/** Directive name → source list of a Content-Security-Policy header. */
function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/**
 * Collects CSP violations two ways: the console messages Chromium logs
 * ("… violates the following Content Security Policy directive …") and the
 * securitypolicyviolation events of every document the page loads.
 */
async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) messages.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return async () => {
    const events = await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    );
    return [...messages, ...events];
  };
}

test.describe('security smoke', () => {
  test('/ carries a CSP whose script-src has no unsafe-inline', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const header = response?.headers()['content-security-policy'];
    expect(header, 'Content-Security-Policy header').toBeTruthy();
    const csp = parseCsp(header ?? '');
    const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
    expect(scriptSrc, 'script-src (or default-src)').toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).not.toContain('*');
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('the built-in sign-in page is under the same script policy', async ({ page }) => {
    await page.goto('/');
    const interaction = page.waitForResponse((response) => /\/oidc\/interaction\/[^/]+$/.test(response.url()));
    await openBuiltInSignInPage(page);
    const header = (await interaction).headers()['content-security-policy'] ?? '';
    const scriptSrc = parseCsp(header).get('script-src');
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  test('no CSP violation on the landing page, the sign-in page and the signed-in shell', async ({ page }) => {
    const violations = await watchCspViolations(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lend and borrow among friends');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByTestId('cookie-settings-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await violations(), 'landing').toEqual([]);

    await openBuiltInSignInPage(page);
    expect(await violations(), 'sign-in page').toEqual([]);

    const user = newTestUser('csp');
    await signUpThroughProvider(page, user);
    await page.getByTestId('brand-button').click();
    await expect(page.getByTestId('news-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByTestId('user-menu-trigger').click();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    for (const path of ['/available-items', '/groups/00000000-0000-4000-8000-000000000000', '/auth-debug?error=x']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    expect(await violations(), 'signed-in shell').toEqual([]);
  });
});
