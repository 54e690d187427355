import pino from 'pino';
import { expect } from 'vitest';
import { createAccountMailJob } from '@/server/idp/passkeys/account-mail-job';
import type { JobPayloads } from '@/server/jobs/job-names';
import type { TestApp } from './app';
import { clearQueuedJobs, queuedJobs } from './jobs';
import { CookieJar, locationOf, step } from './oidc-flow';
import type { SmtpSink } from './smtp-sink';
import type { SoftAuthenticator } from './soft-authenticator';

const logger = pino({ level: 'silent' });

/**
 * The passkey flows of the built-in provider (docs/decisions/0051) as a
 * browser drives them, over a real port: the app under test at `baseUrl`
 * (a localhost address: WebAuthn refuses IP addresses), its mail through
 * `smtp`, passkeys from a software authenticator.
 */
export function passkeyFlow(context: () => { t: TestApp; smtp: SmtpSink; baseUrl: string }) {
  /** /api/login → the provider → its interaction: the uid and the jar that holds the interaction's cookie. */
  async function startSignIn(): Promise<{ jar: CookieJar; uid: string; interaction: string }> {
    const jar = new CookieJar();
    const login = await step(jar, `${context().baseUrl}/api/login`);
    const toInteraction = await step(jar, locationOf(login, context().baseUrl));
    const interaction = locationOf(toInteraction, context().baseUrl);
    const uid = new URL(interaction).pathname.split('/').pop() ?? '';
    return { jar, uid, interaction };
  }

  const json = (jar: CookieJar, url: string, body: unknown) =>
    step(jar, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: context().baseUrl, 'accept-language': 'en' },
      body: JSON.stringify(body),
    });

  /** Sends the queued account mails through the SMTP sink, as the job runner would. */
  async function sendQueuedMail(): Promise<void> {
    const send = createAccountMailJob({
      db: context().t.db,
      mail: context().t.config.mail,
      publicUrl: context().t.config.publicUrl,
      logger,
    });
    for (const job of await queuedJobs(context().t.database.pool)) {
      if (job.task_identifier === 'send-account-mail') await send(job.payload as JobPayloads['send-account-mail']);
    }
    await clearQueuedJobs(context().t.database.pool);
  }

  /** The token after `#` in the last mail's link to `page`. */
  function linkToken(page: 'confirm' | 'recover'): string {
    const text = context().smtp.received.at(-1)?.parsed.text ?? '';
    const match = new RegExp(`${context().baseUrl}/account/${page}#([A-Za-z0-9_-]{43})`).exec(text);
    if (!match?.[1]) throw new Error(`no ${page} link in: ${text}`);
    return match[1];
  }

  async function signUpAndConfirm(person: { name: string; username: string; email: string }) {
    const { jar, uid } = await startSignIn();
    const signedUp = await json(jar, `${context().baseUrl}/oidc/interaction/${uid}/sign-up`, person);
    expect(signedUp.status).toBe(200);
    expect(await signedUp.json()).toEqual({ status: 'check_email', email: person.email });
    await sendQueuedMail();
    const mail = context().smtp.received.at(-1);
    expect(mail?.envelopeTo).toEqual([person.email]);
    const confirmed = await json(new CookieJar(), `${context().baseUrl}/api/idp/email-confirmations`, {
      token: linkToken('confirm'),
    });
    expect(confirmed.status).toBe(200);
    return (await confirmed.json()) as { ticket: string; name: string; username: string };
  }

  async function registerPasskey(authenticator: SoftAuthenticator, ticket: string, name = 'Phone') {
    const jar = new CookieJar();
    const options = await json(jar, `${context().baseUrl}/api/idp/passkey-registrations/options`, { ticket });
    expect(options.status).toBe(200);
    const { challengeId, options: creation } = (await options.json()) as {
      challengeId: string;
      options: Record<string, unknown>;
    };
    const response = authenticator.register(creation, context().baseUrl);
    return json(jar, `${context().baseUrl}/api/idp/passkey-registrations`, { ticket, challengeId, name, response });
  }

  /** Signs in with the authenticator's passkey through the whole OIDC flow; the session cookie's jar. */
  async function signInWithPasskey(authenticator: SoftAuthenticator): Promise<CookieJar> {
    const { jar, uid } = await startSignIn();
    const options = await json(jar, `${context().baseUrl}/oidc/interaction/${uid}/passkey/options`, {});
    expect(options.status).toBe(200);
    const { challengeId, options: request } = (await options.json()) as {
      challengeId: string;
      options: Record<string, unknown>;
    };
    const answered = await json(jar, `${context().baseUrl}/oidc/interaction/${uid}/passkey`, {
      challengeId,
      response: authenticator.signIn(request, context().baseUrl),
    });
    expect(answered.status, await answered.clone().text()).toBe(200);
    const { redirectTo } = (await answered.json()) as { redirectTo: string };
    const resumed = await step(jar, redirectTo);
    const callback = await step(jar, locationOf(resumed, context().baseUrl));
    expect(callback.status).toBe(302);
    return jar;
  }

  return { startSignIn, json, sendQueuedMail, linkToken, signUpAndConfirm, registerPasskey, signInWithPasskey };
}
