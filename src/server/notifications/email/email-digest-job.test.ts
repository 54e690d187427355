import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createMessage, createUser } from '../../../../tests/support/factories';
import { clearQueuedJobs, queuedJobs, idleJobHandlers } from '../../../../tests/support/jobs';
import { recordDigestDue } from '../../../../tests/support/notifications';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../../tests/support/smtp-sink';
import { messages, notificationPreferences, notifications } from '../../db/schema';
import { enqueueJob } from '../../jobs/enqueue-job';
import { runDueJobs, type JobHandlers } from '../../jobs/job-runner';
import type { NotificationInput } from '../record-notifications';
import { createEmailDigestJob, type EmailDigestDeps } from './email-digest-job';

const logger = pino({ level: 'silent' });
let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Lendloop <no-reply@lendloop.example>' });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
afterEach(async () => {
  sink.received.length = 0;
  sink.refuseMail(false);
  await clearQueuedJobs(t.database.pool);
});

/** The digest job as main.ts runs it; push and reminders are other tests' subjects, so they do nothing here. */
function handlers(overrides: Partial<EmailDigestDeps> = {}): JobHandlers {
  return {
    ...idleJobHandlers(),
    'email-digest': createEmailDigestJob({ db: t.db, config: t.config, logger, ...overrides }),
    // recordDigestDue queues the digests that fell due, as this job does each minute.
  };
}

/** Records notifications as if they happened a digest delay ago, so their digest is due now. */
async function happenedEarlier(inputs: NotificationInput[]): Promise<void> {
  await recordDigestDue(t.db, inputs);
}

async function runJobs(overrides: Partial<EmailDigestDeps> = {}): Promise<void> {
  await runDueJobs(t.database.url, handlers(overrides), logger);
}

function mailsTo(address: string): ReceivedMail[] {
  return sink.received.filter((mail) => mail.envelopeTo.includes(address));
}

async function person(language: 'en' | 'de' | 'fr' | 'it', name = `Person ${language}`) {
  return createUser(t.db, { language, name });
}

/** A message from `sender` with its notification, as the message hooks record them. */
async function messageNotification(recipient: { id: string }, sender: { id: string; name: string }) {
  const message = await createMessage(t.db, sender, recipient);
  const input: NotificationInput = {
    userId: recipient.id,
    kind: 'message',
    event: 'message',
    payload: { partnerId: sender.id, senderName: sender.name, itemName: null },
    messageId: message.id,
  };
  return { message, input };
}

function joinRequestNotification(recipient: { id: string }, sender: { name: string }, groupName: string) {
  return {
    userId: recipient.id,
    kind: 'join_request',
    event: 'join_requested',
    payload: { groupId: '00000000-0000-4000-8000-000000000042', groupName, senderName: sender.name },
  } satisfies NotificationInput;
}

describe('the email digest', () => {
  it('mails exactly what is unseen, in German, as text and HTML with List-Unsubscribe', async () => {
    const anna = await person('de', 'Anna');
    const bea = await person('en', 'Bea <b>&</b>');
    const carl = await person('en', 'Carl Read');
    const dora = await person('en', 'Dora Seen');
    const unread = await messageNotification(anna, bea);
    const read = await messageNotification(anna, carl);
    await happenedEarlier([
      unread.input,
      read.input,
      joinRequestNotification(anna, bea, 'Werkstatt "Nord"'),
      joinRequestNotification(anna, dora, 'Seen group'),
    ]);
    // Read in the app before the digest is due: the message, and (seen_at) the other join request.
    await t.db.update(messages).set({ readAt: new Date() }).where(eq(messages.id, read.message.id));
    await t.db
      .update(notifications)
      .set({ seenAt: new Date() })
      .where(eq(notifications.payload, joinRequestNotification(anna, dora, 'Seen group').payload));

    await runJobs();

    const [mail, ...others] = mailsTo(anna.email!);
    expect(others).toEqual([]);
    expect(sink.received).toHaveLength(1);
    const { parsed } = mail!;
    expect(parsed.subject).toBe('2 Neuigkeiten auf Lendloop');
    expect(parsed.from?.value).toEqual([{ name: 'Lendloop', address: 'no-reply@lendloop.example' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : []).toEqual([
      { name: 'Anna', address: anna.email },
    ]);
    const text = parsed.text ?? '';
    expect(text).toContain('Hallo Anna,');
    expect(text).toContain('Bea <b>&</b>');
    expect(text).toContain('Werkstatt "Nord"');
    expect(text).not.toContain('Carl Read');
    expect(text).not.toContain('Dora Seen');
    expect(text).toContain(`http://127.0.0.1:3000/messages?with=${bea.id}`);
    expect(text).toContain('http://127.0.0.1:3000/groups/00000000-0000-4000-8000-000000000042');
    // The settings link opens the Notifications tab itself (issue 33).
    expect(text).toContain('http://127.0.0.1:3000/profile?tab=notifications');

    const html = typeof parsed.html === 'string' ? parsed.html : '';
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Bea &lt;b&gt;&amp;&lt;/b&gt;');
    expect(html).not.toContain('<b>');
    expect(html).toContain('Werkstatt &quot;Nord&quot;');
    expect(html).not.toMatch(/<img|<script|https?:\/\/(?!127\.0\.0\.1:3000)/);

    const listUnsubscribe = mail!.header('List-Unsubscribe') ?? '';
    expect(listUnsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:3000\/unsubscribe\?token=[\w.-]+>$/);
    expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain(listUnsubscribe.slice(1, -1));
    expect(html).toContain(listUnsubscribe.slice(1, -1));

    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, anna.id));
    const mailed = rows.filter((row) => row.emailedAt).map((row) => row.messageId ?? row.payload.groupName);
    expect(mailed.sort()).toEqual([unread.message.id, 'Werkstatt "Nord"'].sort());
    expect(await queuedJobs(t.database.pool)).toEqual([]);
  });

  it('speaks French to a French recipient, with the singular subject', async () => {
    const claire = await person('fr', 'Claire');
    const bea = await person('en', 'Bea');
    await happenedEarlier([(await messageNotification(claire, bea)).input]);
    await runJobs();
    const [mail] = mailsTo(claire.email!);
    expect(mail?.parsed.subject).toBe('1 nouveauté sur Lendloop');
    expect(mail?.parsed.text).toContain('Salut Claire,');
    expect(mail?.parsed.html).toContain('<html lang="fr">');
  });

  it('never mails a notification twice: a second run, or two runs at once, send only what is new', async () => {
    const ezra = await person('en', 'Ezra');
    const bea = await person('en', 'Bea First');
    const finn = await person('en', 'Finn Later');
    await happenedEarlier([(await messageNotification(ezra, bea)).input]);
    await runJobs();
    expect(mailsTo(ezra.email!)).toHaveLength(1);

    await enqueueJob(t.db, 'email-digest', { userId: ezra.id });
    await runJobs();
    expect(mailsTo(ezra.email!)).toHaveLength(1);

    await happenedEarlier([(await messageNotification(ezra, finn)).input]);
    const digest = handlers()['email-digest'];
    await Promise.all([digest({ userId: ezra.id }), digest({ userId: ezra.id }), runJobs()]);
    const mails = mailsTo(ezra.email!);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.parsed.text).toContain('Finn Later');
    expect(mails[1]?.parsed.text).not.toContain('Bea First');
  });

  it('leaves out kinds the person turned off for email since the event, and mails nothing if none is left', async () => {
    const gina = await person('it', 'Gina');
    const bea = await person('en', 'Bea Message');
    const ugo = await person('it', 'Ugo');
    await happenedEarlier([(await messageNotification(gina, bea)).input, joinRequestNotification(gina, ugo, 'Orto')]);
    await t.db.insert(notificationPreferences).values({ userId: gina.id, kind: 'message', push: true, email: false });
    await runJobs();
    const [mail] = mailsTo(gina.email!);
    expect(mail?.parsed.subject).toBe('1 novità su Lendloop');
    expect(mail?.parsed.text).toContain('Orto');
    expect(mail?.parsed.text).not.toContain('Bea Message');

    const hugo = await person('en', 'Hugo');
    await happenedEarlier([(await messageNotification(hugo, bea)).input]);
    await t.db.insert(notificationPreferences).values({ userId: hugo.id, kind: 'message', push: true, email: false });
    await runJobs();
    expect(mailsTo(hugo.email!)).toEqual([]);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, hugo.id));
    expect(row?.emailedAt).toBeNull();
  });

  it('counts a notification without a message as seen when the person used the app after it', async () => {
    const ida = await person('en', 'Ida');
    const bea = await person('en', 'Bea');
    await happenedEarlier([joinRequestNotification(ida, bea, 'Before the visit')]);
    // The session guard writes last_active while Ida uses the app.
    const visit = await t.request(ida, { method: 'GET', url: '/api/auth/user' });
    expect(visit.statusCode).toBe(200);
    await runJobs();
    expect(mailsTo(ida.email!)).toEqual([]);
  });

  it('sends nothing to an account without an email address, or to a deleted one', async () => {
    const jo = await createUser(t.db, { email: null });
    const gone = await createUser(t.db, { deletedAt: new Date() });
    const bea = await person('en');
    await happenedEarlier([(await messageNotification(jo, bea)).input, (await messageNotification(gone, bea)).input]);
    await runJobs();
    expect(sink.received).toEqual([]);
    expect(await queuedJobs(t.database.pool)).toEqual([]);
  });

  it('rolls the claim back when the SMTP server refuses, and the retry sends it', async () => {
    const kai = await person('en', 'Kai');
    const bea = await person('en', 'Bea Retry');
    await happenedEarlier([(await messageNotification(kai, bea)).input]);
    sink.refuseMail(true);
    await runJobs();
    expect(sink.received).toEqual([]);
    const [failed] = await queuedJobs(t.database.pool);
    expect(failed?.attempts).toBe(1);
    expect(failed?.last_error).toMatch(/451/);
    const [unmailed] = await t.db.select().from(notifications).where(eq(notifications.userId, kai.id));
    expect(unmailed?.emailedAt).toBeNull();

    sink.refuseMail(false);
    // The retry's backoff has passed.
    await t.database.pool.query('UPDATE graphile_worker._private_jobs SET run_at = now()');
    await runJobs();
    expect(mailsTo(kai.email!)).toHaveLength(1);
    expect(mailsTo(kai.email!)[0]?.parsed.text).toContain('Bea Retry');
  });

  it('sends no email when SMTP_URL is not set: the job completes and the notifications stay unmailed', async () => {
    const lea = await person('en', 'Lea');
    const bea = await person('en');
    await happenedEarlier([(await messageNotification(lea, bea)).input]);
    await runJobs({ config: { ...t.config, mail: undefined } });
    expect(sink.received).toEqual([]);
    expect(await queuedJobs(t.database.pool)).toEqual([]);
    const rows = await t.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [lea.id]));
    expect(rows.map((row) => row.emailedAt)).toEqual([null]);
  });
});
