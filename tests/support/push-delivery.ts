import pino from 'pino';
import { expect } from 'vitest';
import { runDueJobs } from '@/server/jobs/job-runner';
import { createDeliverPushJob } from '@/server/notifications/push/deliver-push-job';
import type { TestApp } from './app';
import type { FakeBrowserSubscription, FakePushService, ReceivedPush } from './fake-push-service';
import { idleJobHandlers } from './jobs';

const logger = pino({ level: 'silent' });

/**
 * What the tests that push for real share: a test app that may reach only
 * the loopback push service (`PUSH_ENDPOINT_HOSTS: '127.0.0.1'`), whose
 * self-signed certificate the push job trusts (tests only: production uses
 * Node's CAs).
 */
export function pushDelivery(app: () => TestApp, service: () => FakePushService) {
  /** The 'deliver-push' job as the worker runs it. */
  const deliverPush = () =>
    createDeliverPushJob({ db: app().db, push: app().config.push, logger, ca: service().certificatePem });

  return {
    deliverPush,
    /** Runs the queued jobs: pushes for real; the other jobs are other tests' subject. */
    async runJobs(): Promise<void> {
      await runDueJobs(
        app().database.url,
        {
          ...idleJobHandlers(),
          'deliver-push': deliverPush(),
        },
        logger,
      );
    },
    /** A browser of `user` subscribes through the API, as the profile does. */
    async subscribe(user: { id: string }): Promise<FakeBrowserSubscription> {
      const subscription = service().subscribe();
      const response = await app().request(user, {
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: subscription,
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' },
      });
      expect(response.statusCode).toBe(201);
      return subscription;
    },
    /** What reached the device with this endpoint. */
    pushesTo(endpoint: string): ReceivedPush[] {
      return service().received.filter((push) => endpoint.endsWith(`/push/${push.subscriptionId}`));
    },
  };
}
