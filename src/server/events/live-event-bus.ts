import type { LiveEvent } from '../../contract/schemas/live-events';

export type LiveEventListener = (event: LiveEvent) => void;

/** One event and the users it is addressed to. */
export interface LiveEventDelivery {
  userIds: readonly string[];
  event: LiveEvent;
}

/**
 * Delivers live events to the streams of signed-in users (GET /api/events).
 * Use cases publish after their transaction committed, addressed to the
 * people the change concerns (the two parties of a message or a request),
 * so a stream only ever hears of what its user is party to.
 */
export interface LiveEventBus {
  /** Delivers `event` to every open stream of each user, on every instance sharing the database. */
  publish(userIds: readonly string[], event: LiveEvent): Promise<void>;
  /**
   * Several events at once, each to its own users, in order: one round trip
   * however many there are (a network request tells each receiver their own
   * unread total), so the cost of announcing does not grow with the audience.
   */
  publishMany(deliveries: readonly LiveEventDelivery[]): Promise<void>;
  /** Listens for one user's events on this instance; returns the unsubscribe function. */
  subscribe(userId: string, listener: LiveEventListener): () => void;
  /**
   * Calls `listener` when this instance may have missed events (its link to
   * the other instances was down and is back), so streams can tell their
   * clients to refetch. Optional: a bus that cannot miss events has none.
   */
  onResync?(listener: () => void): () => void;
  /**
   * Sessions or people changed on some instance (docs/decisions/0031): the
   * session cache drops that user's entries. Only a bus that hears every
   * instance has it; without it, sessions are not cached.
   */
  onAuthChange?(listener: (userId: string) => void): () => void;
  /** Whether auth changes are being heard right now (see PostgresEventBus). */
  onListening?(listener: (listening: boolean) => void): () => void;
  close(): Promise<void>;
}

/**
 * The listeners of this instance, by user. Both bus implementations fan out
 * through it: the in-process bus directly, the PostgreSQL bus when a
 * notification arrives.
 */
export class LocalListeners {
  private readonly byUser = new Map<string, Set<LiveEventListener>>();

  add(userId: string, listener: LiveEventListener): () => void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byUser.delete(userId);
    };
  }

  deliver(userIds: readonly string[], event: LiveEvent): void {
    for (const userId of new Set(userIds)) {
      for (const listener of this.byUser.get(userId) ?? []) listener(event);
    }
  }

  deliverMany(deliveries: readonly LiveEventDelivery[]): void {
    for (const { userIds, event } of deliveries) this.deliver(userIds, event);
  }

  get size(): number {
    return this.byUser.size;
  }
}

/** One instance only (tests of single use cases): events never leave this process. */
export function createInProcessEventBus(): LiveEventBus {
  const listeners = new LocalListeners();
  return {
    publish: async (userIds, event) => listeners.deliver(userIds, event),
    publishMany: async (deliveries) => listeners.deliverMany(deliveries),
    subscribe: (userId, listener) => listeners.add(userId, listener),
    close: async () => undefined,
  };
}
