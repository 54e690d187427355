import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createMessage, createUser } from '../../../../tests/support/factories';
import { queuedJobs, idleJobHandlers } from '../../../../tests/support/jobs';
import { startSmtpSink, type SmtpSink } from '../../../../tests/support/smtp-sink';
import { notifications, pendingEmailDigests } from '../../db/schema';
import { runDueJobs } from '../../jobs/job-runner';
import { EMAIL_DIGEST_DELAY_MS } from '../notification-delivery';
import { recordNotifications } from '../record-notifications';
import { queueDueDigests } from './digest-schedule';
import { createEmailDigestJob } from './email-digest-job';

/**
 * A digest mails only what had EMAIL_DIGEST_DELAY_MS to be seen in the app
 * (docs/decisions/0025); younger events wait for the next digest, queued for
 * when the oldest of them is due.
 */
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

/** Runs the due jobs by the clock at `instant` (graphile-worker and the digest read the same clock). */
async function runJobsAt(instant: Date): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], now: instant });
  try {
    // The minute's 'email-digests-due' (a cron job, which runDueJobs does not run) queues the digests due.
    await queueDueDigests(t.db, instant);
    await runDueJobs(
      t.database.url,
      {
        ...idleJobHandlers(),
        'email-digest': createEmailDigestJob({ db: t.db, config: t.config, logger }),
      },
      logger,
    );
  } finally {
    vi.useRealTimers();
  }
}

/** A message from `sender` to `recipient` and its notification, which happened `ago` milliseconds before now. */
async function messageAgo(recipient: { id: string }, sender: { id: string; name: string }, ago: number) {
  const message = await createMessage(t.db, sender, recipient);
  await t.db.transaction((tx) =>
    recordNotifications(tx, [
      {
        userId: recipient.id,
        kind: 'message',
        event: 'message',
        payload: { partnerId: sender.id, senderName: sender.name, itemName: null },
        messageId: message.id,
      },
    ]),
  );
  const createdAt = new Date(Date.now() - ago);
  await t.db.update(notifications).set({ createdAt }).where(eq(notifications.messageId, message.id));
  return { messageId: message.id, createdAt };
}

describe('the digest delay', () => {
  it('mails what is old enough, and marks the digest due again for when the oldest younger event is', async () => {
    const ana = await createUser(t.db, { name: 'Ana' });
    const old = await messageAgo(ana, await createUser(t.db, { name: 'Olga Old' }), EMAIL_DIGEST_DELAY_MS + 5 * 60_000);
    const young = await messageAgo(ana, await createUser(t.db, { name: 'Yuri Young' }), 5 * 60_000);
    // The older event's digest is due now (the rows keep the time the first event set; move it).
    await t.db.update(pendingEmailDigests).set({ dueAt: old.createdAt }).where(eq(pendingEmailDigests.userId, ana.id));

    await runJobsAt(new Date());
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.parsed.text).toContain('Olga Old');
    expect(sink.received[0]?.parsed.text).not.toContain('Yuri Young');
    const rows = await t.db
      .select({ messageId: notifications.messageId, emailedAt: notifications.emailedAt })
      .from(notifications)
      .where(inArray(notifications.messageId, [old.messageId, young.messageId]));
    expect(rows.find((row) => row.messageId === young.messageId)?.emailedAt).toBeNull();
    const dueAt = new Date(young.createdAt.getTime() + EMAIL_DIGEST_DELAY_MS);
    expect(await queuedJobs(t.database.pool)).toEqual([]);
    expect(await t.db.select().from(pendingEmailDigests)).toEqual([{ userId: ana.id, dueAt }]);

    // Not before it is due; then the younger event goes out on its own.
    await runJobsAt(new Date(dueAt.getTime() - 1000));
    expect(sink.received).toHaveLength(1);
    await runJobsAt(new Date(dueAt.getTime() + 1000));
    expect(sink.received).toHaveLength(2);
    expect(sink.received[1]?.parsed.text).toContain('Yuri Young');
    expect(sink.received[1]?.parsed.text).not.toContain('Olga Old');
    expect(await t.db.select().from(pendingEmailDigests)).toEqual([]);
    expect(await queuedJobs(t.database.pool)).toEqual([]);
  });

  it("does not hold the person's digest row while the mail server answers: a new message is not held up", async () => {
    const ben = await createUser(t.db, { name: 'Ben' });
    const old = await messageAgo(ben, await createUser(t.db, { name: 'Olga Old' }), EMAIL_DIGEST_DELAY_MS + 60_000);
    await messageAgo(ben, await createUser(t.db, { name: 'Yuri Young' }), 60_000);
    await t.db.update(pendingEmailDigests).set({ dueAt: old.createdAt }).where(eq(pendingEmailDigests.userId, ben.id));
    await queueDueDigests(t.db, new Date());

    let accept = () => {};
    const accepted = new Promise<void>((resolve) => (accept = resolve));
    let sending = () => {};
    const sendStarted = new Promise<void>((resolve) => (sending = resolve));
    const slowServer = {
      send: async () => {
        sending();
        await accepted;
      },
      close: () => {},
    };
    const digest = createEmailDigestJob({ db: t.db, config: t.config, logger, transport: slowServer });
    const running = digest({ userId: ben.id });
    await sendStarted;
    try {
      // A new event for Ben while his digest waits on the mail server: it writes his digest row.
      const sam = await createUser(t.db, { name: 'Sam' });
      const recorded = messageAgo(ben, sam, 0).then(() => 'recorded' as const);
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000));
      expect(await Promise.race([recorded, waited])).toBe('recorded');
    } finally {
      accept();
      await running;
    }
    // The digest still marked itself due again for the younger events.
    const [row] = await t.db.select().from(pendingEmailDigests).where(eq(pendingEmailDigests.userId, ben.id));
    expect(row?.dueAt).toBeInstanceOf(Date);
  });
});
