import { and, eq, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { createSession } from '@/server/auth/session-store';
import type { Database } from '@/server/db/client';
import { items, lendingRequests } from '@/server/db/schema';
import { visibleToViewer } from '@/server/items/item-visibility';
import type { DatasetShape } from './dataset';

/** One signed-in user the load rotates through, with what their requests need. */
export interface BenchUser {
  n: number;
  id: string;
  cookie: string;
  /** Users the benchmark user has a conversation with (thread requests). */
  conversationPartnerIds: string[];
  /** Registered contacts: people they may message. */
  contactIds: string[];
  /** The second page of their Available Items (null when one page holds everything). */
  nextCursor: string | null;
  /** The path of their private calendar feed, `/calendar/<token>.ics` (null until makeCalendarFeeds). */
  calendarFeedPath: string | null;
}

/**
 * Sessions for `count` users spread over the ring, created with the app's
 * own session store (the cookie is the token, as after a real sign-in).
 */
export async function signInUsers(db: Database, shape: DatasetShape, count: number): Promise<BenchUser[]> {
  const N = shape.users;
  const total = Math.min(count, N);
  const people = await db.execute<{ n: number; id: string }>(sql`SELECT n, id FROM bench.person`);
  const ids = new Map(people.rows.map((row) => [Number(row.n), row.id]));
  const idOf = (n: number) => {
    const id = ids.get(n);
    if (!id) throw new Error(`No generated user number ${n}`);
    return id;
  };

  const users: BenchUser[] = [];
  for (let i = 0; i < total; i++) {
    const n = Math.floor((i * N) / total);
    const id = idOf(n);
    const partners = Array.from({ length: shape.conversationPartners }, (_, d) => (n + d + 1) % N);
    // Registered contacts (the previous users on the ring): people they may message.
    const contacts = Array.from({ length: shape.contactsPerUser / 2 }, (_, d) => (n - d - 1 + N) % N);
    users.push({
      n,
      id,
      cookie: `lendloop_session=${await createSession(db, id, null)}`,
      conversationPartnerIds: partners.map(idOf),
      contactIds: contacts.map(idOf),
      nextCursor: null,
      calendarFeedPath: null,
    });
  }
  return users;
}

/** Asks the running server for each user's first page, to request the real next page later. */
export async function fetchCursors(origin: string, users: BenchUser[]): Promise<void> {
  for (const user of users) {
    const response = await fetch(`${origin}/api/items/available`, { headers: { cookie: user.cookie } });
    if (!response.ok) throw new Error(`GET /api/items/available answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as { nextCursor: string | null };
    user.nextCursor = page.nextCursor;
  }
}

/**
 * Each user's calendar feed link, made as a person makes it (POST
 * /api/calendar-feed from the profile), for the feed's figure: the running
 * server holds the key, so the bench needs no secret of its own.
 */
export async function makeCalendarFeeds(origin: string, users: BenchUser[]): Promise<void> {
  for (const user of users) {
    const response = await fetch(`${origin}/api/calendar-feed`, {
      method: 'POST',
      headers: { cookie: user.cookie, origin },
    });
    if (!response.ok) throw new Error(`POST /api/calendar-feed answered ${response.status}: ${await response.text()}`);
    const { url } = (await response.json()) as { url: string };
    user.calendarFeedPath = new URL(url).pathname;
  }
}

export interface LendingPair {
  user: BenchUser;
  itemId: string;
}

/**
 * (user, item) pairs that a new lending request must accept: the item is
 * visible to the user through the app's own visibility rule, at the owner's
 * disposal (available, not reserved for personal use, nobody's accepted or
 * borrowed request on it) and the user has no open request on it yet. Each
 * pair is used once, interleaved across users, so no request conflicts with
 * another (a 409 would count as an error).
 */
export async function lendingPairs(db: Database, users: BenchUser[], perUser: number): Promise<LendingPair[]> {
  const perUserItems: string[][] = [];
  for (const user of users) {
    const openOrTaken = db
      .select({ one: sql`1` })
      .from(lendingRequests)
      .where(
        and(
          eq(lendingRequests.itemId, items.id),
          or(
            sql`${lendingRequests.status} IN ('accepted', 'borrowed')`,
            and(eq(lendingRequests.requesterId, user.id), eq(lendingRequests.status, 'pending')),
          ),
        ),
      );
    const rows = await db
      .select({ id: items.id })
      .from(items)
      .where(
        and(
          sql`${items.ownerId} <> ${user.id}`,
          visibleToViewer(user.id),
          eq(items.status, 'available'),
          or(isNull(items.personalUseUntil), lte(items.personalUseUntil, sql`current_date`)),
          notExists(openOrTaken),
        ),
      )
      .orderBy(items.id)
      .limit(perUser);
    perUserItems.push(rows.map((row) => row.id));
  }
  const pairs: LendingPair[] = [];
  for (let round = 0; round < perUser; round++) {
    users.forEach((user, i) => {
      const itemId = perUserItems[i]?.[round];
      if (itemId) pairs.push({ user, itemId });
    });
  }
  return pairs;
}
