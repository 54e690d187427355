import type { DatabaseHandle } from '../db/client';
import type { PhotoStore } from '../photos/photo-store';
import { createInProcessEventBus } from '../events/live-event-bus';
import { emptyCounts, type SeedContext, type SeedCounts } from './seed-context';
import { seedLendingRequests } from './seed-lending';
import { seedConversations, seedNetworkRequests } from './seed-messages';
import { seedContacts, seedGroups } from './seed-network';
import { seedItems } from './seed-items';
import { seedPeople } from './seed-people';
import { seedRecordedLoans } from './seed-recorded-loans';

/** Arbitrary constant naming the seed's lock in pg_advisory_lock (the migrations use another). */
const SEED_LOCK_KEY = 7_424_190_332;

// The demo people sign in through the built-in provider (idp/builtin-issuer.ts).
export { builtinIssuerFor } from '../idp/builtin-issuer';

export interface SeedOptions {
  /** The built-in provider's issuer the demo people sign in with (builtinIssuerFor(PUBLIC_URL)). */
  issuer: string;
  /** The seed's "now"; every date of the demo community is relative to it. */
  now?: Date;
  /** Where the demo photos' bytes go: the server's own (photos/photo-storage.ts), or it could not show them. */
  photoStore: PhotoStore;
}

/**
 * Fills a migrated database with the demo community (`npm run seed`).
 * Idempotent: every entity is looked up by a natural key first (usernames,
 * (owner, name) of items and groups, …) and only what is missing is
 * created, through the app's own use cases wherever one exists. Two seeds
 * at once queue on an advisory lock instead of both creating the missing rows.
 */
export async function seedDemoData(
  database: Pick<DatabaseHandle, 'db' | 'pool'>,
  options: SeedOptions,
): Promise<SeedCounts> {
  const lock = await database.pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    const context: SeedContext = {
      db: database.db,
      bus: createInProcessEventBus(),
      now: options.now ?? new Date(),
      counts: emptyCounts(),
      people: new Map(),
      groups: new Map(),
      items: new Map(),
      photoStore: options.photoStore,
    };
    await seedPeople(context, options.issuer);
    await seedContacts(context);
    await seedGroups(context);
    await seedItems(context);
    await seedLendingRequests(context);
    await seedRecordedLoans(context);
    await seedConversations(context);
    await seedNetworkRequests(context);
    await context.bus.close();
    return context.counts;
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}
