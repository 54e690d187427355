import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@/contract/enums';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { appWithCapturedLog } from '../../../../tests/support/captured-log';
import { createMessage, createUser } from '../../../../tests/support/factories';
import { recordDigestDue } from '../../../../tests/support/notifications';
import { startSmtpSink, type SmtpSink } from '../../../../tests/support/smtp-sink';
import { derivedSecret } from '../../config/derived-secret';
import { notificationPreferences } from '../../db/schema';
import { runDueJobs } from '../../jobs/job-runner';
import { DEFAULT_NOTIFICATION_PREFERENCES, readNotificationPreferences } from '../notification-preferences';
import { createEmailDigestJob } from './email-digest-job';
import { signUnsubscribeToken, UNSUBSCRIBE_KEY_PURPOSE, type UnsubscribeScope } from './unsubscribe-token';
import { idleJobHandlers } from '../../../../tests/support/jobs';

const logger = pino({ level: 'silent' });
let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'no-reply@lendloop.example' });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** A digest to `recipient` through the real job and SMTP; returns the link of its List-Unsubscribe header. */
async function unsubscribeLinkFromDigest(recipient: { id: string; email: string | null }): Promise<URL> {
  const sender = await createUser(t.db, { name: 'Sender' });
  const message = await createMessage(t.db, sender, recipient);
  await recordDigestDue(t.db, [
    {
      userId: recipient.id,
      kind: 'message',
      event: 'message',
      payload: { partnerId: sender.id, senderName: sender.name, itemName: null },
      messageId: message.id,
    },
  ]);
  await runDueJobs(
    t.database.url,
    {
      ...idleJobHandlers(),
      'email-digest': createEmailDigestJob({ db: t.db, config: t.config, logger }),
      // Other tests' subjects; recordDigestDue queued the digest.
    },
    logger,
  );
  const mail = sink.received.find((received) => received.envelopeTo.includes(recipient.email!));
  const header = mail?.header('List-Unsubscribe') ?? '';
  expect(header).toMatch(/^<.+>$/);
  const link = new URL(header.slice(1, -1));
  expect(mail?.parsed.text).toContain(link.href);
  return link;
}

const pathOf = (link: URL) => `${link.pathname}${link.search}`;

async function emailChoices(userId: string) {
  const preferences = (await readNotificationPreferences(t.db, [userId])).get(userId)!;
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, preferences[kind].email]));
}

function tokenFor(userId: string, scope: UnsubscribeScope) {
  return signUnsubscribeToken(derivedSecret(t.config.sessionSecret, UNSUBSCRIBE_KEY_PURPOSE), { userId, scope });
}

const allOff = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, false]));

describe('the unsubscribe link of a digest', () => {
  it('GET shows a confirmation in the recipient language and changes nothing; the button POST turns email off', async () => {
    const anna = await createUser(t.db, { language: 'de' });
    const link = await unsubscribeLinkFromDigest(anna);
    const before = await emailChoices(anna.id);

    const page = await t.request(null, { method: 'GET', url: pathOf(link) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Möchtest du keine E-Mails mehr von Lendloop bekommen?');
    const action = /<form method="post" action="([^"]+)">/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    expect(action).toBe(pathOf(link));
    expect(await emailChoices(anna.id)).toEqual(before);

    const done = await t.request(null, {
      method: 'POST',
      url: action!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Du bekommst keine E-Mails mehr von Lendloop.');
    expect(await emailChoices(anna.id)).toEqual(allOff);
  });

  it('one-click POST (RFC 8058) from a mail provider turns email off and keeps push as it was', async () => {
    const ben = await createUser(t.db, { language: 'fr' });
    await t.db.insert(notificationPreferences).values({ userId: ben.id, kind: 'handover', push: false, email: true });
    const link = await unsubscribeLinkFromDigest(ben);
    // As a provider sends it: no cookie, no Origin of ours, the body RFC 8058 prescribes.
    const response = await t.app.inject({
      method: 'POST',
      url: pathOf(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Tu ne recevras plus aucun e-mail de Lendloop.');
    expect(await emailChoices(ben.id)).toEqual(allOff);
    const push = (await readNotificationPreferences(t.db, [ben.id])).get(ben.id)!;
    expect(push.handover.push).toBe(false);
    expect(push.message.push).toBe(DEFAULT_NOTIFICATION_PREFERENCES.message.push);

    // Again (a second click, a provider's retry): still fine, nothing else changes.
    const again = await t.app.inject({ method: 'POST', url: pathOf(link), payload: 'List-Unsubscribe=One-Click' });
    expect(again.statusCode).toBe(200);
    expect(await emailChoices(ben.id)).toEqual(allOff);
  });
});

describe('unsubscribe tokens', () => {
  it('a token for one kind turns email off for that kind only', async () => {
    const cleo = await createUser(t.db, { language: 'it' });
    const url = `/unsubscribe?token=${tokenFor(cleo.id, 'message')}`;
    const page = await t.request(null, { method: 'GET', url });
    expect(page.body).toContain('Vuoi smettere di ricevere e-mail di questo tipo: nuovi messaggi?');
    const done = await t.request(null, { method: 'POST', url });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Non riceverai più e-mail di questo tipo: nuovi messaggi.');
    const choices = await emailChoices(cleo.id);
    expect(choices.message).toBe(false);
    expect(choices.borrow_request).toBe(DEFAULT_NOTIFICATION_PREFERENCES.borrow_request.email);
  });

  it('a tampered, truncated, foreign or missing token is a translated 400 page and changes nothing', async () => {
    const dana = await createUser(t.db, { language: 'en' });
    const token = tokenFor(dana.id, 'all');
    const [payload = '', signature = ''] = token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ v: 1, u: (await createUser(t.db)).id, s: 'all' })).toString(
      'base64url',
    );
    const foreignKey = signUnsubscribeToken('another-instance-key', { userId: dana.id, scope: 'all' });
    const bad = [
      `${otherUser}.${signature}`,
      `${payload}.${signature.slice(0, -2)}`,
      `${payload}.${signature}x`,
      payload,
      foreignKey,
      `${token}.${signature}`,
      'x'.repeat(600),
    ];
    for (const value of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.request(null, {
          method,
          url: `/unsubscribe?token=${encodeURIComponent(value)}`,
          headers: { 'accept-language': 'de-CH, de;q=0.9' },
        });
        expect(response.statusCode, `${method} ${value}`).toBe(400);
        expect(response.body).toContain('Dieser Link funktioniert nicht');
      }
    }
    for (const url of ['/unsubscribe', '/unsubscribe?token=', `/unsubscribe?token=${token}&token=${token}`]) {
      const response = await t.request(null, { method: 'POST', url });
      expect(response.statusCode, url).toBe(400);
    }
    const rows = await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, dana.id));
    expect(rows).toEqual([]);
  });

  it('a valid link of an account that is gone says done and writes nothing', async () => {
    const gone = await createUser(t.db, { deletedAt: new Date() });
    const url = `/unsubscribe?token=${tokenFor(gone.id, 'all')}`;
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.request(null, { method, url });
      expect(response.statusCode).toBe(200);
    }
    const rows = await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, gone.id));
    expect(rows).toEqual([]);
  });
});

describe('the unsubscribe routes and the rate limit', () => {
  it('count against the per-address limit like the API, although they are outside /api', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const url = '/unsubscribe?token=x';
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.request(null, { method: 'GET', url })).statusCode);
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the unsubscribe link and the log', () => {
  it('never writes the link’s token: the page and the one-click POST log /unsubscribe?token=… only', async () => {
    const { app: logged, log: captured } = await appWithCapturedLog(t);
    try {
      const erin = await createUser(t.db);
      const token = tokenFor(erin.id, 'all');
      const url = `/unsubscribe?token=${encodeURIComponent(token)}`;
      expect((await logged.inject({ method: 'GET', url })).statusCode).toBe(200);
      await logged.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      const log = captured();
      expect(log).toContain('"url":"/unsubscribe?token=…"');
      expect(log).not.toContain(token.slice(0, 20));
    } finally {
      await logged.close();
    }
  });
});
