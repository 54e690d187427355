import { LIMITS } from '@/contract/limits';
import type { BenchUser, LendingPair } from './fixtures';
import { MESSAGE_PHRASES, REQUEST_MESSAGES, SEARCH_TERMS, TOWNS } from './vocabulary';

export interface OutgoingRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** One benchmarked endpoint: request number i → the request to send (users rotate). */
export interface Scenario {
  name: (typeof SCENARIO_NAMES)[number];
  label: string;
  kind: 'read' | 'write';
  request(i: number): OutgoingRequest;
  /** How many more requests its inputs allow (writes that use each input once); unlimited when absent. */
  remaining?(): number;
}

export interface ScenarioInputs {
  origin: string;
  users: BenchUser[];
  /** Who sends the messages (more accounts than `users`: each may send only so many a minute). */
  senders: BenchUser[];
  lendingPairs: LendingPair[];
}

const at = <T>(list: readonly T[], i: number): T => {
  const value = list[i % list.length];
  if (value === undefined) throw new Error('Empty rotation list');
  return value;
};

const get = (user: BenchUser, path: string): OutgoingRequest => ({
  method: 'GET',
  path,
  headers: { cookie: user.cookie },
});

/** Writes come from our own origin (the cross-origin guard refuses anything else) and carry JSON. */
const post = (origin: string, user: BenchUser, path: string, body: unknown): OutgoingRequest => ({
  method: 'POST',
  path,
  headers: { cookie: user.cookie, origin, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Report names, in the order they run (`--only` picks from these). */
export const SCENARIO_NAMES = [
  'my-items',
  'available-first',
  'available-next',
  'available-search',
  'conversations',
  'thread',
  'discover-groups',
  'item-availability',
  'calendar-feed',
  'send-message',
  'create-lending-request',
] as const;

export function buildScenarios({ origin, users, senders, lendingPairs }: ScenarioInputs): Scenario[] {
  const withNextPage = users.filter((user) => user.nextCursor !== null);
  let lendingCursor = 0;
  let sent = 0;
  return [
    {
      name: 'my-items',
      label: 'GET /api/items/my',
      kind: 'read',
      request: (i) => get(at(users, i), '/api/items/my'),
    },
    {
      name: 'available-first',
      label: 'GET /api/items/available (first page)',
      kind: 'read',
      request: (i) => get(at(users, i), '/api/items/available'),
    },
    {
      name: 'available-next',
      label: 'GET /api/items/available?cursor= (next page)',
      kind: 'read',
      request: (i) => {
        const user = at(withNextPage, i);
        return get(user, `/api/items/available?cursor=${encodeURIComponent(user.nextCursor ?? '')}`);
      },
    },
    {
      name: 'available-search',
      label: 'GET /api/items/available?q= (text search)',
      kind: 'read',
      request: (i) =>
        get(at(users, i), `/api/items/available?q=${encodeURIComponent(at(SEARCH_TERMS, Math.floor(i / 7)))}`),
    },
    {
      name: 'conversations',
      label: 'GET /api/conversations/{userId}',
      kind: 'read',
      request: (i) => {
        const user = at(users, i);
        return get(user, `/api/conversations/${user.id}`);
      },
    },
    {
      name: 'thread',
      label: 'GET /api/conversations/{userId}/{partnerId}',
      kind: 'read',
      request: (i) => {
        const user = at(users, i);
        return get(user, `/api/conversations/${user.id}/${at(user.conversationPartnerIds, Math.floor(i / 3))}`);
      },
    },
    {
      name: 'discover-groups',
      label: 'GET /api/groups/discover?latitude&longitude&radius',
      kind: 'read',
      request: (i) => {
        const [, latitude, longitude] = at(TOWNS, i);
        const radius = at([LIMITS.radiusKmDefault, 25, LIMITS.radiusKmMax], Math.floor(i / 5));
        return get(at(users, i), `/api/groups/discover?latitude=${latitude}&longitude=${longitude}&radius=${radius}`);
      },
    },
    {
      // Issue 35: an item's calendar, as the borrow dialog asks for it (this month), by someone it is shared with.
      name: 'item-availability',
      label: 'GET /api/items/{id}/availability?from&until',
      kind: 'read',
      request: (i) => {
        const pair = at(lendingPairs, i);
        const month = isoDay(0).slice(0, 7);
        return get(pair.user, `/api/items/${pair.itemId}/availability?from=${month}-01&until=${month}-28`);
      },
    },
    {
      name: 'calendar-feed',
      label: 'GET /calendar/{token}.ics (the private calendar feed)',
      kind: 'read',
      // As a calendar app fetches it: the link only, no cookie.
      request: (i) => {
        const path = at(users, i).calendarFeedPath;
        if (path === null) throw new Error('No calendar feed link (makeCalendarFeeds runs before the scenarios)');
        return { method: 'GET', path, headers: {} };
      },
    },
    {
      name: 'send-message',
      label: 'POST /api/messages',
      kind: 'write',
      // The app lets an account send LIMITS.messagesPerMinute messages a minute (429 beyond, an
      // error here): senders take turns, and none sends more than that in the whole run.
      remaining: () => senders.length * LIMITS.messagesPerMinute - sent,
      request: () => {
        const i = sent++;
        const user = at(senders, i);
        return post(origin, user, '/api/messages', {
          receiverId: at(user.contactIds, Math.floor(i / senders.length)),
          content: at(MESSAGE_PHRASES, i),
        });
      },
    },
    {
      name: 'create-lending-request',
      label: 'POST /api/lending-requests',
      kind: 'write',
      remaining: () => lendingPairs.length - lendingCursor,
      // Each pair once, whichever connection asks: the cursor is shared, not the request number.
      request: () => {
        const pair = lendingPairs[lendingCursor++];
        if (!pair) throw new Error('The lending pairs are used up (remaining() bounds the requests)');
        return post(origin, pair.user, '/api/lending-requests', {
          itemId: pair.itemId,
          message: at(REQUEST_MESSAGES, lendingCursor),
          requestedFrom: isoDay(1),
          expectedReturnDate: isoDay(8),
        });
      },
    },
  ];
}
