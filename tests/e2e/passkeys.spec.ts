import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { freePort, startServer, type ServerProcess } from '../faults/support/server-process';
import { expectNoAxeViolations } from './support/axe';
import { COOKIE_CONSENT_STORAGE_KEY, ESSENTIAL_ONLY_CONSENT } from './support/cookie-consent';
import { expect, test } from './support/fixtures';
import { screenshotForReview } from './support/screenshots';
import { horizontalOverflow, PRIMARY_ACTIONS, unreachableActions } from './support/layout-check';
import { LONG_NAME, UNBROKEN_NAME, UNBROKEN_WORD } from './support/hostile-community';

/**
 * Passkeys on the built-in provider (issue 37, docs/decisions/0051), driven
 * in Chromium with its virtual authenticator (CDP WebAuthn): a new person
 * signs up, confirms the address through the mail a real SMTP server on
 * loopback received, makes a passkey, and signs in with it; signs out, and
 * signs in again; adds a second passkey on a new device from the profile and
 * removes the first; loses that device and adds a passkey on the next one
 * through the mailed recovery link. A server of its own at http://localhost:<port> (WebAuthn
 * refuses an IP address as the site; the suite's server is 127.0.0.1), with
 * email set up. Desktop project only, at phone widths: each project's worker
 * would start a server and a PostgreSQL of its own (rule 10: CI time).
 */
let smtp: SmtpSink;
let server: ServerProcess;
let dataDir: string;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpSink();
  dataDir = mkdtempSync(path.join(tmpdir(), 'lendloop-e2e-passkeys-'));
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = startServer({
    dataDir,
    port,
    logFile: `${dataDir}.log`,
    env: { PUBLIC_URL: origin, SMTP_URL: smtp.url, MAIL_FROM: 'Lendloop <no-reply@lendloop.test>' },
  });
  await server.waitHealthy(90_000);
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Chromium's software authenticator, as a phone's or laptop's built-in one: discoverable passkeys, user verified.
 * `replace` swaps the device in hand for a new one (a new phone; the old one lost).
 */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; replace(): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  let authenticatorId = await newAuthenticator(cdp);
  return {
    cdp,
    async replace() {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      authenticatorId = await newAuthenticator(cdp);
    },
  };
}

async function newAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return authenticatorId;
}

/** The landing page's Sign in, the development picker's passkey link, to the passkey page. */
async function openPasskeySignIn(page: Page): Promise<void> {
  await page.goto(`${origin}/api/login`);
  await page.getByRole('link', { name: 'Sign in or sign up with a passkey instead' }).click();
  await page.waitForURL(/\/sign-in\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Lendloop' })).toBeVisible();
}

/** As the suite's own server's visitors start (fixtures.ts), for this server's origin: no cookie banner over the forms. */
async function chooseEssentialCookiesOnly(page: Page): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    COOKIE_CONSENT_STORAGE_KEY,
    ESSENTIAL_ONLY_CONSENT,
  ] as const);
}

async function expectNothingWiderThanTheScreen(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('sign up, confirm by mail, passkey, sign in, out and in; a second passkey, the first removed; recovery by mail', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // A phone's width (the spec runs in the desktop project only, see above).
  await page.setViewportSize({ width: 390, height: 844 });
  const device = await addVirtualAuthenticator(page);
  await chooseEssentialCookiesOnly(page);
  const suffix = `${testInfo.project.name}${Date.now().toString(36)}`.toLowerCase().replace(/[^a-z0-9]/g, '');
  const person = {
    name: `Grace Passkey ${suffix}`,
    username: `grace${suffix}`.slice(0, 30),
    email: `grace.${suffix}@example.org`,
  };

  await openPasskeySignIn(page);
  await expectNothingWiderThanTheScreen(page);
  await expectNoAxeViolations(page, 'passkey-sign-in');
  await screenshotForReview(page, { path: testInfo.outputPath('passkey-sign-in.png'), fullPage: true });
  await page.getByTestId('sign-up-name').fill(person.name);
  await page.getByTestId('sign-up-username').fill(person.username);
  await page.getByTestId('sign-up-email').fill(person.email);
  const mailsBefore = smtp.received.length;
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('sign-up-check-email')).toContainText(person.email);

  // The job runner sends the confirmation; the link's token is after the #.
  await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBeGreaterThan(mailsBefore);
  const mail = smtp.received.find((received) => received.envelopeTo.includes(person.email));
  const link = new RegExp(`${origin}/account/confirm#[A-Za-z0-9_-]{43}`).exec(mail?.parsed.text ?? '')?.[0];
  expect(link).toBeTruthy();

  await page.goto(link ?? '');
  await expect(page.getByTestId('email-confirmed')).toContainText(person.name);
  // The token leaves the address bar once read.
  expect(new URL(page.url()).hash).toBe('');
  await expectNothingWiderThanTheScreen(page);
  await page.getByTestId('passkey-name').fill('Laptop');
  await page.getByTestId('add-passkey-submit').click();
  await expect(page.getByTestId('passkey-ready')).toBeVisible();
  await screenshotForReview(page, { path: testInfo.outputPath('passkey-ready.png'), fullPage: true });

  await page.getByTestId('passkey-ready-sign-in').click();
  await page.getByRole('link', { name: 'Sign in or sign up with a passkey instead' }).click();
  await page.getByTestId('passkey-sign-in').click();
  await page.waitForURL(`${origin}/`);
  await expect(page.getByTestId('user-menu-trigger')).toHaveAccessibleName(`Account menu for ${person.name}`);

  // Signed out, then in again with the same passkey.
  await page.goto(`${origin}/api/logout`);
  await page.waitForURL(`${origin}/`);
  await expect(page.getByTestId('user-menu-trigger')).toHaveCount(0);
  await openPasskeySignIn(page);
  await page.getByTestId('passkey-sign-in').click();
  await page.waitForURL(`${origin}/`);
  await expect(page.getByTestId('user-menu-trigger')).toHaveAccessibleName(`Account menu for ${person.name}`);

  // A second passkey, on a new device, from the profile; then the first one removed there.
  await page.goto(`${origin}/profile`);
  const card = page.getByTestId('passkeys-card');
  await expect(card.getByTestId('passkey-entry')).toHaveText([/Laptop/]);
  await device.replace();
  await card.getByTestId('passkey-add').click();
  // Named as people do not: one unbroken word, as long as a name may be.
  await card.getByTestId('passkey-name').fill(`Phone${'ß'.repeat(55)}`);
  await card.getByTestId('add-passkey-submit').click();
  await expect(card.getByTestId('passkey-entry')).toHaveText([/Laptop/, /Phone/]);
  expect(await horizontalOverflow(page)).toEqual([]);
  await screenshotForReview(card, { path: testInfo.outputPath('passkeys-card.png') });
  await card.getByRole('button', { name: 'Remove the passkey Laptop' }).click();
  await page.getByTestId('passkey-remove-dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(card.getByTestId('passkey-entry')).toHaveText([/Phone/]);
  // The last one stays.
  await expect(card.getByTestId('passkey-remove')).toHaveCount(0);

  // The phone signs in; the laptop's passkey no longer would.
  await page.goto(`${origin}/api/logout`);
  await openPasskeySignIn(page);
  await page.getByTestId('passkey-sign-in').click();
  await page.waitForURL(`${origin}/`);
  await expect(page.getByTestId('user-menu-trigger')).toHaveAccessibleName(`Account menu for ${person.name}`);

  // The phone is lost: "Lost your passkey?" mails a link that adds a passkey on the next device.
  await page.goto(`${origin}/api/logout`);
  await device.replace();
  await openPasskeySignIn(page);
  await page.getByTestId('recovery-open').click();
  await page.getByTestId('recovery-email').fill(person.email);
  const mailsBeforeRecovery = smtp.received.length;
  await page.getByTestId('recovery-submit').click();
  await expect(page.getByTestId('recovery-sent')).toContainText(person.email);
  await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBeGreaterThan(mailsBeforeRecovery);
  const recovery = smtp.received
    .slice(mailsBeforeRecovery)
    .find((received) => received.envelopeTo.includes(person.email));
  const recoveryLink = new RegExp(`${origin}/account/recover#[A-Za-z0-9_-]{43}`).exec(recovery?.parsed.text ?? '')?.[0];
  expect(recoveryLink).toBeTruthy();
  await page.goto(recoveryLink ?? '');
  await expect(page.getByTestId('recover-add-passkey')).toContainText(person.name);
  await page.getByTestId('passkey-name').fill('New phone');
  await page.getByTestId('add-passkey-submit').click();
  await expect(page.getByTestId('passkey-ready')).toBeVisible();
  await page.getByTestId('passkey-ready-sign-in').click();
  await page.getByRole('link', { name: 'Sign in or sign up with a passkey instead' }).click();
  await page.getByTestId('passkey-sign-in').click();
  await page.waitForURL(`${origin}/`);
  await expect(page.getByTestId('user-menu-trigger')).toHaveAccessibleName(`Account menu for ${person.name}`);
});

test('a confirmation link works once', async ({ page }) => {
  await page.goto(`${origin}/account/confirm#${'A'.repeat(43)}`);
  await expect(page.getByTestId('confirm-failed')).toContainText('This link no longer works');
  await expectNothingWiderThanTheScreen(page);
});

/**
 * Rule 9 for the passkey pages (the suite's layout check runs on 127.0.0.1,
 * where passkeys do not work): in each language, with hostile input (a
 * 100-character name with emoji, an unbroken 200-character word), the sign-in
 * page, its refused sign-up, the recovery form and a spent link's page fit
 * the screen and keep their actions reachable, at 360 px.
 */
test('the passkey pages fit the screen in four languages with hostile input', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await chooseEssentialCookiesOnly(page);
  for (const language of ['de', 'fr', 'it', 'en']) {
    await context.addCookies([{ name: 'i18next', value: language, url: origin }]);
    await page.goto(`${origin}/api/login`);
    await page.locator('a.passkey').click();
    await page.waitForURL(/\/sign-in\//);
    await page.getByTestId('sign-up-name').fill(LONG_NAME);
    await page.getByTestId('sign-up-username').fill(UNBROKEN_NAME);
    await page.getByTestId('sign-up-email').fill(UNBROKEN_WORD);
    await page.getByTestId('sign-up-submit').click();
    await expect(page.getByTestId('sign-up-form').locator('[aria-invalid="true"]').first()).toBeVisible();
    await page.getByTestId('recovery-open').click();
    await page.getByTestId('recovery-email').fill(UNBROKEN_WORD);
    await page.getByTestId('recovery-submit').click();
    expect(await horizontalOverflow(page), `${language}: sign-in`).toEqual([]);
    if (language === 'de') {
      await screenshotForReview(page, { path: test.info().outputPath('passkey-sign-in-de.png'), fullPage: true });
    }
    expect(await unreachableActions(page.locator(PRIMARY_ACTIONS), 'scrolled'), `${language}: sign-in`).toEqual([]);
    await page.goto(`${origin}/account/recover#${'B'.repeat(43)}`);
    await expect(page.getByTestId('recover-failed')).toBeVisible();
    expect(await horizontalOverflow(page), `${language}: recovery link`).toEqual([]);
  }
});
