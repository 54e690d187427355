import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { messages } from '../db/schema';
import type { LiveEventBus } from '../events/live-event-bus';
import type { Actor } from '../policies';
import type { PhotoStore } from '../photos/photo-store';
import { READ_AFTER_DAYS } from './demo-activity';
import type { DemoGroupKey } from './demo-groups';
import type { DemoItemName } from './demo-items';
import type { DemoUsername } from './demo-people';

/** What one seed run created (zero everywhere on a second run). */
export interface SeedCounts {
  people: number;
  /** Demo people found under another issuer (seeded for another PUBLIC_URL) and moved to this one. */
  peopleMoved: number;
  contacts: number;
  groups: number;
  memberships: number;
  joinRequests: number;
  items: number;
  photos: number;
  shares: number;
  lendingSteps: number;
  /** Loans written down after the fact (recordLoan), and those the borrower then disputed. */
  recordedLoans: number;
  loanDisputes: number;
  messages: number;
  networkRequests: number;
  networkResponses: number;
}

export function emptyCounts(): SeedCounts {
  return {
    people: 0,
    peopleMoved: 0,
    contacts: 0,
    groups: 0,
    memberships: 0,
    joinRequests: 0,
    items: 0,
    photos: 0,
    shares: 0,
    lendingSteps: 0,
    recordedLoans: 0,
    loanDisputes: 0,
    messages: 0,
    networkRequests: 0,
    networkResponses: 0,
  };
}

export interface SeededPerson extends Actor {
  name: string;
}

/** Shared by the seed steps: the database, one clock for the whole run, and the ids found or created so far. */
export interface SeedContext {
  db: Database;
  /**
   * In-process, so the seed's live events stay in its own process: a running
   * server's users see the new data at their next load or refetch.
   */
  bus: LiveEventBus;
  now: Date;
  counts: SeedCounts;
  people: Map<DemoUsername, SeededPerson>;
  groups: Map<DemoGroupKey, string>;
  items: Map<DemoItemName, { id: string; ownerId: string }>;
  photoStore: PhotoStore;
}

/** A moment `days` (fractional) before the seed started. */
export function daysAgo(context: SeedContext, days: number): Date {
  return new Date(context.now.getTime() - days * 24 * 60 * 60 * 1000);
}

/** A calendar date `days` from the seed's today (UTC), `YYYY-MM-DD`. */
export function dateInDays(context: SeedContext, days: number): string {
  return new Date(context.now.getTime() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export function personOf(context: SeedContext, username: DemoUsername): SeededPerson {
  const person = context.people.get(username);
  if (!person) throw new Error(`Demo person ${username} was not seeded`);
  return person;
}

/**
 * Dates messages just posted back to `days` ago, a second apart in the order
 * given; read an hour later when that is long enough ago, so only recent
 * ones count as unread.
 */
export async function datePostedMessages(
  context: SeedContext,
  posted: readonly { id: string }[],
  days: number,
): Promise<void> {
  const at = daysAgo(context, days);
  for (const [index, message] of posted.entries()) {
    const createdAt = new Date(at.getTime() + index * 1000);
    const readAt = days >= READ_AFTER_DAYS ? new Date(createdAt.getTime() + 60 * 60 * 1000) : null;
    await context.db.update(messages).set({ createdAt, readAt }).where(eq(messages.id, message.id));
  }
}
