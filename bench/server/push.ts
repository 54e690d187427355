import type { Database } from '@/server/db/client';
import { pushSubscriptions } from '@/server/db/schema';
import type { FakePushService, ReceivedPush } from '../../tests/support/fake-push-service';
import type { LendingPair } from './fixtures';

/**
 * Issue 18's push figure: the time from the event (POST /api/lending-requests
 * answered 201) to the push request arriving at a push service, here the
 * loopback HTTPS service of the server tests (VAPID checked, payload
 * decrypted). The server reaches it through its normal path: the request's
 * transaction records the notification and queues 'deliver-push', the job
 * runner (woken by NOTIFY) renders and sends it. The bench server trusts the
 * service's self-signed certificate through NODE_EXTRA_CA_CERTS only.
 * Events go one after another, so each figure is one event's latency, not a
 * queue's backlog.
 */
export interface PushMeasurement {
  events: number;
  delivered: number;
  /** Events whose push did not arrive within the wait. */
  missing: number;
  refused: number;
  ms: { p50: number; p90: number; p99: number; max: number; mean: number };
  requestMs: { p50: number; p99: number };
}

const WAIT_MS = 10_000;

/** Subscribes each owner of the pairs' items to the fake service (rows written directly: set-up, not measured). */
export async function preparePushOwners(
  db: Database,
  service: FakePushService,
  owners: readonly string[],
): Promise<Map<string, string>> {
  const subscriptionOf = new Map<string, string>();
  const rows = [...new Set(owners)].map((userId) => {
    const subscription = service.subscribe();
    subscriptionOf.set(userId, subscription.endpoint.split('/').pop() ?? '');
    return { userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(pushSubscriptions).values(rows.slice(i, i + 1000));
  return subscriptionOf;
}

export async function measurePush(options: {
  origin: string;
  service: FakePushService;
  pairs: readonly (LendingPair & { ownerId: string })[];
  subscriptionOf: Map<string, string>;
  events: number;
}): Promise<PushMeasurement> {
  const { origin, service, pairs, subscriptionOf } = options;
  const waiting = new Map<string, (push: ReceivedPush) => void>();
  service.onPush = (push) => waiting.get(push.subscriptionId)?.(push);
  const latencies: number[] = [];
  const requestTimes: number[] = [];
  let missing = 0;
  const refusedBefore = service.refused.length;
  for (const pair of pairs.slice(0, options.events)) {
    const subscriptionId = subscriptionOf.get(pair.ownerId) ?? '';
    const arrived = new Promise<ReceivedPush | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), WAIT_MS);
      waiting.set(subscriptionId, (push) => {
        clearTimeout(timer);
        resolve(push);
      });
    });
    const started = performance.now();
    const response = await fetch(`${origin}/api/lending-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: pair.user.cookie, origin },
      body: JSON.stringify({
        itemId: pair.itemId,
        message: 'Could I borrow it?',
        requestedFrom: isoDay(1),
        expectedReturnDate: isoDay(8),
      }),
    });
    requestTimes.push(performance.now() - started);
    if (response.status !== 201)
      throw new Error(`POST /api/lending-requests: ${response.status} ${await response.text()}`);
    const push = await arrived;
    waiting.delete(subscriptionId);
    if (push) latencies.push(push.receivedAt - started);
    else missing++;
  }
  service.onPush = undefined;
  return {
    events: latencies.length + missing,
    delivered: latencies.length,
    missing,
    refused: service.refused.length - refusedBefore,
    ms: {
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: Math.max(0, ...latencies),
      mean: latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length),
    },
    requestMs: { p50: percentile(requestTimes, 50), p99: percentile(requestTimes, 99) },
  };
}

export function pushMarkdown(result: PushMeasurement): string[] {
  return [
    `Push (event → push request at a loopback HTTPS push service; ${result.events} borrow requests one after another): ` +
      `p50 ${result.ms.p50.toFixed(1)} ms, p90 ${result.ms.p90.toFixed(1)} ms, p99 ${result.ms.p99.toFixed(1)} ms, ` +
      `max ${result.ms.max.toFixed(1)} ms; ${result.delivered} delivered, ${result.missing} missing, ` +
      `${result.refused} refused by the service. The POST itself: p50 ${result.requestMs.p50.toFixed(1)} ms, ` +
      `p99 ${result.requestMs.p99.toFixed(1)} ms.`,
  ];
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function isoDay(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}
