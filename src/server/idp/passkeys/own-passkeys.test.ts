import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createUser } from '../../../../tests/support/factories';
import { CookieJar, freePort, step } from '../../../../tests/support/oidc-flow';
import { passkeyFlow } from '../../../../tests/support/passkey-flow';
import { startSmtpSink, type SmtpSink } from '../../../../tests/support/smtp-sink';
import { createSoftAuthenticator } from '../../../../tests/support/soft-authenticator';
import { pinClockEarlyInWindow, restoreClockAfterEach } from '../../../../tests/support/clock';
import { RECOVERY_PER_EMAIL_LIMIT } from './account-routes';

/**
 * A person's passkeys after signing up (docs/decisions/0051): several per
 * account, named, listed and removed on the profile (never the last one),
 * and "Lost your passkey?": a mailed one-time link that adds a new one.
 */
let t: TestApp;
let smtp: SmtpSink;
let baseUrl: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  t = await createTestApp({
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Lendloop <no-reply@lendloop.test>',
  });
  await t.app.listen({ port, host: 'localhost' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
restoreClockAfterEach();

const flow = passkeyFlow(() => ({ t, smtp, baseUrl }));

/** Signed up, one passkey ("Laptop"), signed in: the session's jar. */
async function personWithPasskey(username: string) {
  const authenticator = createSoftAuthenticator();
  const { ticket } = await flow.signUpAndConfirm({
    name: `Person ${username}`,
    username,
    email: `${username}@example.org`,
  });
  expect((await flow.registerPasskey(authenticator, ticket, 'Laptop')).status).toBe(201);
  const jar = await flow.signInWithPasskey(authenticator);
  return { jar, authenticator, email: `${username}@example.org` };
}

const own = (jar: CookieJar) => step(jar, `${baseUrl}/api/passkeys`);

async function addOwnPasskey(jar: CookieJar, name: string) {
  const authenticator = createSoftAuthenticator();
  const options = await flow.json(jar, `${baseUrl}/api/passkeys/options`, {});
  expect(options.status).toBe(200);
  const { challengeId, options: creation } = (await options.json()) as {
    challengeId: string;
    options: Record<string, unknown>;
  };
  const added = await flow.json(jar, `${baseUrl}/api/passkeys`, {
    challengeId,
    name,
    response: authenticator.register(creation, baseUrl),
  });
  return { added, authenticator };
}

describe('the profile’s passkeys', () => {
  it('lists, adds a named second one that signs in too, and removes one but never the last', async () => {
    const { jar } = await personWithPasskey('owner1');
    const listed = (await (await own(jar)).json()) as { available: boolean; passkeys: { id: string; name: string }[] };
    expect(listed.available).toBe(true);
    expect(listed.passkeys.map((passkey) => passkey.name)).toEqual(['Laptop']);

    const { added, authenticator: phone } = await addOwnPasskey(jar, 'Phone');
    expect(added.status).toBe(201);
    const both = (await (await own(jar)).json()) as { passkeys: { id: string; name: string }[] };
    expect(both.passkeys.map((passkey) => passkey.name)).toEqual(['Laptop', 'Phone']);
    const phoneJar = await flow.signInWithPasskey(phone);
    expect((await step(phoneJar, `${baseUrl}/api/auth/user`)).status).toBe(200);

    const laptop = both.passkeys[0]!;
    const removed = await step(jar, `${baseUrl}/api/passkeys/${laptop.id}`, {
      method: 'DELETE',
      headers: { origin: baseUrl },
    });
    expect(removed.status).toBe(204);
    const phoneOnly = (await (await own(jar)).json()) as { passkeys: { id: string }[] };
    expect(phoneOnly.passkeys).toHaveLength(1);
    const last = await step(jar, `${baseUrl}/api/passkeys/${phoneOnly.passkeys[0]!.id}`, {
      method: 'DELETE',
      headers: { origin: baseUrl },
    });
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ error: { code: 'last_passkey' } });
  });

  it('answers 401 signed out, 404 for someone else’s passkey, and nothing for an account of another provider', async () => {
    const { jar } = await personWithPasskey('owner2');
    await addOwnPasskey(jar, 'Spare');
    const { passkeys } = (await (await own(jar)).json()) as { passkeys: { id: string }[] };
    const target = passkeys[0]!.id;

    expect((await step(new CookieJar(), `${baseUrl}/api/passkeys`)).status).toBe(401);
    const signedOut = await step(new CookieJar(), `${baseUrl}/api/passkeys/${target}`, {
      method: 'DELETE',
      headers: { origin: baseUrl },
    });
    expect(signedOut.status).toBe(401);

    const { jar: stranger } = await personWithPasskey('stranger2');
    const foreign = await step(stranger, `${baseUrl}/api/passkeys/${target}`, {
      method: 'DELETE',
      headers: { origin: baseUrl },
    });
    expect(foreign.status).toBe(404);
    expect(((await (await own(jar)).json()) as { passkeys: unknown[] }).passkeys).toHaveLength(2);

    // Signed in through another issuer: no built-in account, so no passkeys.
    const elsewhere = await createUser(t.db);
    const cookie = await t.cookieFor(elsewhere.id);
    const listed = await t.app.inject({ method: 'GET', url: '/api/passkeys', headers: { cookie } });
    expect(listed.json()).toEqual({ available: false, passkeys: [] });
    const options = await t.app.inject({
      method: 'POST',
      url: '/api/passkeys/options',
      headers: { cookie, origin: baseUrl },
    });
    expect(options.statusCode).toBe(404);
  });
});

describe('Lost your passkey?', () => {
  it('mails a one-time link to the confirmed address, which adds a new passkey that signs in', async () => {
    const { email } = await personWithPasskey('forgetful');
    const asked = await flow.json(new CookieJar(), `${baseUrl}/api/idp/recoveries`, { email: email.toUpperCase() });
    expect(asked.status).toBe(202);
    await flow.sendQueuedMail();
    expect(smtp.received.at(-1)?.envelopeTo).toEqual([email]);
    expect(smtp.received.at(-1)?.parsed.subject).toBe('Add a new passkey to your Lendloop account');

    const token = flow.linkToken('recover');
    const redeemed = await flow.json(new CookieJar(), `${baseUrl}/api/idp/recoveries/redeem`, { token });
    expect(redeemed.status).toBe(200);
    const { ticket, username } = (await redeemed.json()) as { ticket: string; username: string };
    expect(username).toBe('forgetful');
    const newPhone = createSoftAuthenticator();
    expect((await flow.registerPasskey(newPhone, ticket, 'New phone')).status).toBe(201);
    const jar = await flow.signInWithPasskey(newPhone);
    expect(await (await step(jar, `${baseUrl}/api/auth/user`)).json()).toMatchObject({ username: 'forgetful' });

    const again = await flow.json(new CookieJar(), `${baseUrl}/api/idp/recoveries/redeem`, { token });
    expect(again.status).toBe(400);
  });

  it('answers the same for an address nobody has, and sends nothing', async () => {
    const before = smtp.received.length;
    const asked = await flow.json(new CookieJar(), `${baseUrl}/api/idp/recoveries`, { email: 'nobody@example.org' });
    expect(asked.status).toBe(202);
    await flow.sendQueuedMail();
    expect(smtp.received.length).toBe(before);
  });

  it('mails one address at most a few times an hour', async () => {
    pinClockEarlyInWindow(RECOVERY_PER_EMAIL_LIMIT.windowSeconds * 1000);
    const email = 'flooded@example.org';
    for (let n = 0; n < RECOVERY_PER_EMAIL_LIMIT.max; n++) {
      expect((await flow.json(new CookieJar(), `${baseUrl}/api/idp/recoveries`, { email })).status).toBe(202);
    }
    const refused = await flow.json(new CookieJar(), `${baseUrl}/api/idp/recoveries`, { email });
    expect(refused.status).toBe(429);
  });
});

describe('the data export and the account deletion', () => {
  it('export the built-in account with each passkey’s name and dates, and delete it with its passkeys', async () => {
    const { jar, authenticator } = await personWithPasskey('leaving');
    const me = (await (await step(jar, `${baseUrl}/api/auth/user`)).json()) as { id: string };
    const exported = await step(jar, `${baseUrl}/api/gdpr/export/${me.id}`, {
      method: 'POST',
      headers: { origin: baseUrl },
    });
    expect(exported.status).toBe(200);
    const text = await exported.text();
    const data = JSON.parse(text) as { builtinSignIn: unknown };
    expect(data.builtinSignIn).toMatchObject({
      username: 'leaving',
      email: 'leaving@example.org',
      emailConfirmedAt: expect.any(String),
      passkeys: [{ name: 'Laptop', createdAt: expect.any(String), lastUsedAt: expect.any(String) }],
    });
    // Never the passkey's id or key.
    expect(text).not.toContain(authenticator.credentials[0]!.id);

    const deleted = await step(jar, `${baseUrl}/api/gdpr/delete-account/${me.id}`, {
      method: 'DELETE',
      headers: { origin: baseUrl },
    });
    expect(deleted.status).toBeLessThan(300);
    const { rows } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM idp_accounts WHERE username = 'leaving'`,
    );
    expect(rows[0]?.n).toBe(0);
    // Its passkey signs nobody in any more.
    const { jar: fresh, uid } = await flow.startSignIn();
    const options = await flow.json(fresh, `${baseUrl}/oidc/interaction/${uid}/passkey/options`, {});
    const { challengeId, options: request } = (await options.json()) as {
      challengeId: string;
      options: Record<string, unknown>;
    };
    const refused = await flow.json(fresh, `${baseUrl}/oidc/interaction/${uid}/passkey`, {
      challengeId,
      response: authenticator.signIn(request, baseUrl),
    });
    expect(refused.status).toBe(400);
  });
});
