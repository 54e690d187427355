import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { startFakePushService, type FakePushService } from '../../../tests/support/fake-push-service';
import { createMutualContacts, createUser } from '../../../tests/support/factories';
import { clearQueuedJobs, idleJobHandlers } from '../../../tests/support/jobs';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { runDueJobs } from '../jobs/job-runner';
import { queueDueDigests } from './email/digest-schedule';
import { createEmailDigestJob } from './email/email-digest-job';
import { createDeliverPushJob } from './push/deliver-push-job';
import { EMAIL_DIGEST_DELAY_MS } from './notification-delivery';
import { recordNotifications } from './record-notifications';

/**
 * Push and email check blocks again when they deliver (docs/decisions/0018,
 * 0024, 0025): an event recorded before its recipient blocked the person it
 * is about is not sent; the blocked person is told what anyone would be.
 */
const logger = pino({ level: 'silent' });
let t: TestApp;
let push: FakePushService;
let sink: SmtpSink;

beforeAll(async () => {
  push = await startFakePushService();
  sink = await startSmtpSink();
  t = await createTestApp({
    PUSH_ENDPOINT_HOSTS: '127.0.0.1',
    SMTP_URL: sink.url,
    MAIL_FROM: 'Lendloop <no-reply@lendloop.example>',
  });
  // Trusts exactly the loopback push service's self-signed certificate (tests only).
});
afterAll(async () => {
  await t.close();
  await push.close();
  await sink.close();
});
afterEach(async () => {
  push.received.length = 0;
  sink.received.length = 0;
  await clearQueuedJobs(t.database.pool);
});

/** Runs every due job (push and digest for real) with the clock a digest delay ahead, so the digests are due. */
async function deliverLater(): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(Date.now() + EMAIL_DIGEST_DELAY_MS + 60_000) });
  try {
    // The minute's 'email-digests-due' (a cron job, which runDueJobs does not run) queues the digests due.
    await queueDueDigests(t.db, new Date());
    await runDueJobs(
      t.database.url,
      {
        ...idleJobHandlers(),
        'deliver-push': createDeliverPushJob({ db: t.db, push: t.config.push, logger, ca: push.certificatePem }),
        'email-digest': createEmailDigestJob({ db: t.db, config: t.config, logger }),
      },
      logger,
    );
  } finally {
    vi.useRealTimers();
  }
}

async function subscribe(user: { id: string }) {
  const subscription = push.subscribe();
  const response = await t.request(user, { method: 'POST', url: '/api/push/subscriptions', payload: subscription });
  expect(response.statusCode).toBe(201);
  return subscription.endpoint;
}

const pushesTo = (endpoint: string) =>
  push.received.filter((received) => endpoint.endsWith(`/push/${received.subscriptionId}`));
const mailsTo = (address: string | null) => sink.received.filter((mail) => mail.envelopeTo.includes(address ?? ''));

async function message(from: { id: string }, to: { id: string }) {
  const sent = await t.request(from, {
    method: 'POST',
    url: '/api/messages',
    payload: { receiverId: to.id, content: 'Hi' },
  });
  expect(sent.statusCode).toBe(201);
}

async function block(blocker: { id: string }, blocked: { id: string }) {
  const response = await t.request(blocker, { method: 'POST', url: '/api/blocks', payload: { userId: blocked.id } });
  expect(response.statusCode).toBe(204);
}

describe('delivery after a block', () => {
  it('a message, then its recipient blocks the sender: no push and no email about it', async () => {
    const ada = await createUser(t.db, { name: 'Ada' });
    const bo = await createUser(t.db, { name: 'Bo' });
    await createMutualContacts(t.db, ada, bo);
    const device = await subscribe(ada);
    await message(bo, ada);
    await block(ada, bo);
    await deliverLater();
    expect(pushesTo(device)).toEqual([]);
    expect(mailsTo(ada.email)).toEqual([]);
  });

  it('the blocked person still hears of what the blocker did before, as anyone would', async () => {
    const ada = await createUser(t.db, { name: 'Ada' });
    const bo = await createUser(t.db, { name: 'Bo' });
    await createMutualContacts(t.db, ada, bo);
    const device = await subscribe(bo);
    await message(ada, bo);
    await block(ada, bo);
    await deliverLater();
    expect(pushesTo(device)).toHaveLength(1);
    expect(mailsTo(bo.email)).toHaveLength(1);
  });

  it('a loan reminder still goes out across a block: the loan goes on (docs/decisions/0026)', async () => {
    const ada = await createUser(t.db, { name: 'Ada' });
    const bo = await createUser(t.db, { name: 'Bo' });
    const device = await subscribe(ada);
    await t.db.transaction((tx) =>
      recordNotifications(tx, [
        {
          userId: ada.id,
          kind: 'reminder',
          event: 'overdue',
          payload: { role: 'owner', partnerId: bo.id, partnerName: 'Bo', itemName: 'Drill', dueDate: '2026-05-01' },
        },
      ]),
    );
    await block(ada, bo);
    await deliverLater();
    expect(pushesTo(device).map((received) => received.message.title)).toEqual(['Drill is overdue']);
    expect(mailsTo(ada.email)).toHaveLength(1);
  });
});
