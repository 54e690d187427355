import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createContact, createUser } from '../../../../tests/support/factories';
import { CookieJar, freePort, step } from '../../../../tests/support/oidc-flow';
import { startSmtpSink, type SmtpSink } from '../../../../tests/support/smtp-sink';
import { createSoftAuthenticator } from '../../../../tests/support/soft-authenticator';
import { passkeyFlow } from '../../../../tests/support/passkey-flow';

/**
 * Passkeys on the built-in provider (docs/decisions/0051), the whole way
 * through a real port: sign-up, the confirmation mail through a real SMTP
 * server on loopback, the first passkey, and signing in with it through the
 * real OpenID Connect flow. The passkey answers come from a software
 * authenticator (tests/support/soft-authenticator.ts) and are checked by the
 * server as a browser's are. `localhost`: WebAuthn refuses IP addresses.
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

const { startSignIn, json, linkToken, sendQueuedMail, signUpAndConfirm, registerPasskey, signInWithPasskey } =
  passkeyFlow(() => ({
    t,
    smtp,
    baseUrl,
  }));

describe('signing up and in with a passkey', () => {
  it('confirms the address by mail, registers a passkey, and signs in with it through OpenID Connect', async () => {
    const setup = await startSignIn();
    const described = await step(setup.jar, `${baseUrl}/oidc/interaction/${setup.uid}/setup`);
    // localhost: passkeys work, and the picker stays for development.
    expect(await described.json()).toEqual({ passkeys: true, signUp: 'email', picker: true, recovery: true });

    const authenticator = createSoftAuthenticator();
    const { ticket, username } = await signUpAndConfirm({
      name: 'Grace Hopper',
      username: 'grace',
      email: 'grace@example.org',
    });
    expect(username).toBe('grace');
    expect(smtp.received.at(-1)?.parsed.subject).toBe('Confirm your email address for Lendloop');
    expect((await registerPasskey(authenticator, ticket)).status).toBe(201);

    const jar = await signInWithPasskey(authenticator);
    const me = await step(jar, `${baseUrl}/api/auth/user`);
    expect(await me.json()).toMatchObject({ name: 'Grace Hopper', username: 'grace', email: 'grace@example.org' });
  });

  it('spends each link and ticket once, and each challenge once', async () => {
    const authenticator = createSoftAuthenticator();
    const { ticket } = await signUpAndConfirm({ name: 'Ada', username: 'ada-links', email: 'ada@example.org' });
    const again = await json(new CookieJar(), `${baseUrl}/api/idp/email-confirmations`, {
      token: linkToken('confirm'),
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { code: 'account_link_invalid' } });
    expect((await registerPasskey(authenticator, ticket)).status).toBe(201);
    const reused = await json(new CookieJar(), `${baseUrl}/api/idp/passkey-registrations/options`, { ticket });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: { code: 'account_link_invalid' } });

    // A signed answer replayed against the challenge it was made for: the challenge is gone.
    const { jar, uid } = await startSignIn();
    const options = await json(jar, `${baseUrl}/oidc/interaction/${uid}/passkey/options`, {});
    const { challengeId, options: request } = (await options.json()) as {
      challengeId: string;
      options: Record<string, unknown>;
    };
    const response = authenticator.signIn(request, baseUrl);
    const first = await json(jar, `${baseUrl}/oidc/interaction/${uid}/passkey`, { challengeId, response });
    expect(first.status, await first.clone().text()).toBe(200);
    const replayed = await json(jar, `${baseUrl}/oidc/interaction/${uid}/passkey`, { challengeId, response });
    expect(replayed.status).toBe(400);
  });

  it('refuses a passkey nobody registered, and an answer signed for another site', async () => {
    const stranger = createSoftAuthenticator();
    stranger.register({ rp: { id: 'localhost' }, user: { id: 'x' }, challenge: 'x' }, baseUrl);
    const { jar, uid } = await startSignIn();
    const options = await json(jar, `${baseUrl}/oidc/interaction/${uid}/passkey/options`, {});
    const { challengeId, options: request } = (await options.json()) as {
      challengeId: string;
      options: Record<string, unknown>;
    };
    const unknown = await json(jar, `${baseUrl}/oidc/interaction/${uid}/passkey`, {
      challengeId,
      response: stranger.signIn(request, baseUrl),
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { code: 'passkey_failed' } });

    const authenticator = createSoftAuthenticator();
    const { ticket } = await signUpAndConfirm({ name: 'Linus', username: 'linus', email: 'linus@example.org' });
    expect((await registerPasskey(authenticator, ticket)).status).toBe(201);
    const second = await json(jar, `${baseUrl}/oidc/interaction/${uid}/passkey/options`, {});
    const next = (await second.json()) as { challengeId: string; options: Record<string, unknown> };
    const phished = await json(jar, `${baseUrl}/oidc/interaction/${uid}/passkey`, {
      challengeId: next.challengeId,
      response: authenticator.signIn(next.options, 'https://lendloop.example.evil'),
    });
    expect(phished.status).toBe(400);
  });

  it('keeps usernames and confirmed addresses to one account each, and tells nobody whose address it is', async () => {
    await signUpAndConfirm({ name: 'Mary', username: 'mary', email: 'mary@example.org' });
    const { jar, uid } = await startSignIn();
    const sameName = await json(jar, `${baseUrl}/oidc/interaction/${uid}/sign-up`, {
      name: 'Mary Two',
      username: 'mary',
      email: 'mary2@example.org',
    });
    expect(sameName.status).toBe(409);
    expect(await sameName.json()).toMatchObject({ error: { code: 'username_taken' } });
    // The same address again: the same answer as for a new one (nobody learns it has an account), and
    // no second account; its owner gets a link that adds a passkey to the account they have.
    const sameAddress = await json(jar, `${baseUrl}/oidc/interaction/${uid}/sign-up`, {
      name: 'Mary Two',
      username: 'mary-two',
      email: 'MARY@example.org',
    });
    expect(sameAddress.status).toBe(200);
    expect(await sameAddress.json()).toEqual({ status: 'check_email', email: 'MARY@example.org' });
    await sendQueuedMail();
    expect(smtp.received.at(-1)?.envelopeTo).toEqual(['mary@example.org']);
    expect(smtp.received.at(-1)?.parsed.subject).toBe('Add a new passkey to your Lendloop account');
    const { rows } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM idp_accounts WHERE username = 'mary-two'`,
    );
    expect(rows[0]?.n).toBe(0);
    const invalid = await json(jar, `${baseUrl}/oidc/interaction/${uid}/sign-up`, {
      name: '',
      username: 'x',
      email: 'not an address',
    });
    expect(invalid.status).toBe(400);
  });
});

describe('the built-in provider on a public https address', () => {
  let pub: TestApp;
  beforeAll(async () => {
    pub = await createTestApp({ PUBLIC_URL: 'https://lendloop.example', TRUST_PROXY: 'true' });
  });
  afterAll(() => pub.close());

  /** The provider's authorization request, as /api/login would send the browser (built here: no network). */
  async function interactionCookies() {
    const params = new URLSearchParams({
      client_id: 'lendloop',
      response_type: 'code',
      redirect_uri: 'https://lendloop.example/api/callback',
      scope: 'openid profile email',
      state: 'state-1234567890',
      nonce: 'nonce-1234567890',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const headers = { host: 'lendloop.example', 'x-forwarded-proto': 'https' };
    const auth = await pub.app.inject({ method: 'GET', url: `/oidc/auth?${params}`, headers });
    expect(auth.statusCode).toBe(303);
    const interaction = new URL(auth.headers.location as string, 'https://lendloop.example');
    const cookie = auth.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return { path: interaction.pathname, headers: { ...headers, cookie, origin: 'https://lendloop.example' } };
  }

  it('offers passkeys only: the page moves to the passkey page and the picker’s forms answer 403', async () => {
    const { path, headers } = await interactionCookies();
    const uid = path.split('/').pop();
    const page = await pub.app.inject({ method: 'GET', url: path, headers });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/sign-in/${uid}`);
    const setup = await pub.app.inject({ method: 'GET', url: `${path}/setup`, headers });
    expect(setup.json()).toEqual({ passkeys: true, signUp: 'operator', picker: false, recovery: false });

    const picked = await pub.app.inject({
      method: 'POST',
      url: `${path}/login`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'accountId=00000000-0000-4000-8000-000000000000',
    });
    expect(picked.statusCode).toBe(403);
    const created = await pub.app.inject({
      method: 'POST',
      url: `${path}/create`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Eve&username=eve&email=',
    });
    expect(created.statusCode).toBe(403);
  });

  it('without email, makes the first account the operator’s, and then lets in only people a member invited', async () => {
    const { path, headers } = await interactionCookies();
    const first = await pub.app.inject({
      method: 'POST',
      url: `${path}/sign-up`,
      headers,
      payload: { name: 'Olga Operator', username: 'olga', email: 'olga@example.org' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'add_passkey' });
    const setup = await pub.app.inject({ method: 'GET', url: `${path}/setup`, headers });
    expect(setup.json()).toMatchObject({ signUp: 'invitation' });

    const uninvited = await pub.app.inject({
      method: 'POST',
      url: `${path}/sign-up`,
      headers,
      payload: { name: 'Someone', username: 'someone', email: 'someone@example.org', invitation: 'made-up' },
    });
    expect(uninvited.statusCode).toBe(403);
    expect(uninvited.json()).toMatchObject({ error: { code: 'sign_up_closed' } });

    // A member's invitation link (what /invite keeps through the sign-in) vouches for the newcomer.
    const member = await createUser(pub.db, { name: 'Olga' });
    const entry = await createContact(pub.db, member, { name: 'Carol' });
    // On an https address the session cookie carries the __Host- prefix (http/session-cookie.ts).
    const session = (await pub.cookieFor(member.id)).replace(/^lendloop_session=/, '__Host-lendloop_session=');
    const link = await pub.app.inject({
      method: 'GET',
      url: `/api/contacts/invitation/${entry.id}`,
      headers: { cookie: session, host: 'lendloop.example', 'x-forwarded-proto': 'https' },
    });
    expect(link.statusCode, link.body).toBe(200);
    const ref = new URL(link.json<{ invitationLink: string }>().invitationLink).searchParams.get('ref') ?? '';
    const invited = await pub.app.inject({
      method: 'POST',
      url: `${path}/sign-up`,
      headers,
      payload: { name: 'Carol', username: 'carol', email: 'carol@example.org', invitation: ref },
    });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({ status: 'add_passkey' });
  });
});

describe('starting the built-in provider', () => {
  it('refuses a public address where passkeys cannot work, unless the picker is allowed', async () => {
    await expect(createTestApp({ PUBLIC_URL: 'http://192.168.1.10:3000' })).rejects.toThrow(
      /only with passkeys, which need https and a domain name/,
    );
    const allowed = await createTestApp({ PUBLIC_URL: 'http://192.168.1.10:3000', ALLOW_BUILTIN_IDP: 'true' });
    await allowed.close();
  });
});
