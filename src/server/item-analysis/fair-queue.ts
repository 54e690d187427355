/**
 * The photo-analysis queue of one instance (issue 32, finding 2;
 * docs/decisions/0041): bounded, and fair between people.
 *
 * - **Bounded.** At most `maxPending` analyses wait; one more is refused at
 *   once (`full`) with an estimate of when a place frees, instead of waiting
 *   into a timeout. A person has at most `maxPerPerson` analyses admitted
 *   (waiting or running); one more is refused (`person_backlog`). A
 *   person's second and later analyses may only fill the queue up to
 *   `maxPendingForBacklog`: the rest is kept for people with nothing
 *   admitted, so a few accounts flooding cannot fill it against a newcomer.
 * - **Fair.** When a slot frees, the waiting person served longest ago goes
 *   next, and someone not served since their queue emptied counts as never
 *   served. So a newcomer's first analysis starts after at most the ones
 *   already running: one person's backlog, however long, delays another
 *   person's first request by at most one analysis per slot.
 *
 * Admission is separate from running, so the use case can refuse a full
 * queue before it spends anything (the hourly allowance, decoding) and give
 * the place back if a later check refuses.
 */
export interface FairQueue {
  /** Reserves a place for `personId`, or throws QueueRefusal. */
  admit(personId: string): Admission;
  readonly load: { running: number; waiting: number; admitted: number };
}

export interface Admission {
  /** Waits for a slot (in fair order), then runs `task`. Aborting `signal` while waiting leaves the queue. */
  run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T>;
  /** Gives the place back without running (a later check refused the request). */
  cancel(): void;
}

export interface FairQueueOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Admitted tasks not yet running, over all people. */
  maxPending: number;
  /** The same bound for a person who already has one admitted (at most maxPending). */
  maxPendingForBacklog: number;
  /** Admitted tasks (waiting or running) per person. */
  maxPerPerson: number;
  /** What one task is assumed to take before any has finished, for the Retry-After estimate. */
  initialTaskMs: number;
  /** Monotonic milliseconds; tests pass their own. */
  now?: () => number;
}

export class QueueRefusal extends Error {
  override name = 'QueueRefusal';
  constructor(
    readonly reason: 'full' | 'person_backlog',
    /** Whole seconds until a place is likely free, at least 1. */
    readonly retryAfterSeconds: number,
  ) {
    super(reason === 'full' ? 'The analysis queue is full' : 'This person already has the most analyses admitted');
  }
}

interface Waiter {
  start: () => void;
}

interface Person {
  /** Admitted and not yet finished or cancelled (waiting, running, or between admission and run). */
  admitted: number;
  waiting: Waiter[];
  /** The `served` counter when this person's last task started; 0: not since their queue emptied. */
  lastServed: number;
  /** Tie-break among people never served: who came first. */
  arrival: number;
}

/** How much a new duration moves the running average (an exponentially weighted mean). */
const AVERAGE_WEIGHT = 0.2;

export function createFairQueue(options: FairQueueOptions): FairQueue {
  const { concurrency, maxPending, maxPendingForBacklog, maxPerPerson } = options;
  const now = options.now ?? (() => performance.now());
  const people = new Map<string, Person>();
  let running = 0;
  let admittedTotal = 0;
  let served = 0;
  let arrivals = 0;
  let averageTaskMs = options.initialTaskMs;

  const pending = () => admittedTotal - running;
  const secondsFor = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  const forget = (personId: string, person: Person) => {
    if (person.admitted === 0) people.delete(personId);
  };

  const next = (): Waiter | undefined => {
    let chosen: Person | undefined;
    for (const person of people.values()) {
      if (person.waiting.length === 0) continue;
      const earlier =
        !chosen ||
        person.lastServed < chosen.lastServed ||
        (person.lastServed === chosen.lastServed && person.arrival < chosen.arrival);
      if (earlier) chosen = person;
    }
    if (!chosen) return undefined;
    chosen.lastServed = ++served;
    return chosen.waiting.shift();
  };

  const startWaiting = () => {
    while (running < concurrency) {
      const waiter = next();
      if (!waiter) return;
      running++;
      waiter.start();
    }
  };

  return {
    admit(personId) {
      const person = people.get(personId) ?? { admitted: 0, waiting: [], lastServed: 0, arrival: ++arrivals };
      if (person.admitted >= maxPerPerson) {
        throw new QueueRefusal('person_backlog', secondsFor(averageTaskMs));
      }
      if (pending() >= (person.admitted > 0 ? maxPendingForBacklog : maxPending)) {
        // Everyone admitted before must start first: that many rounds of the slots.
        const rounds = Math.ceil((pending() + 1) / concurrency);
        throw new QueueRefusal('full', secondsFor(rounds * averageTaskMs));
      }
      people.set(personId, person);
      person.admitted++;
      admittedTotal++;

      let settled = false;
      let used = false;
      const leave = () => {
        if (settled) return;
        settled = true;
        person.admitted--;
        admittedTotal--;
        forget(personId, person);
      };

      return {
        cancel: leave,
        async run(task, signal) {
          if (used || settled) throw new Error('This admission was already used or cancelled');
          used = true;
          try {
            await new Promise<void>((resolve, reject) => {
              if (signal.aborted) return reject(signal.reason);
              const waiter: Waiter = {
                start: () => {
                  signal.removeEventListener('abort', onAbort);
                  resolve();
                },
              };
              const onAbort = () => {
                const index = person.waiting.indexOf(waiter);
                if (index >= 0) person.waiting.splice(index, 1);
                reject(signal.reason);
              };
              signal.addEventListener('abort', onAbort, { once: true });
              person.waiting.push(waiter);
              startWaiting();
            });
          } catch (error) {
            leave();
            throw error;
          }
          const started = now();
          try {
            return await task();
          } finally {
            averageTaskMs += AVERAGE_WEIGHT * (now() - started - averageTaskMs);
            running--;
            leave();
            startWaiting();
          }
        },
      };
    },
    get load() {
      let waiting = 0;
      for (const person of people.values()) waiting += person.waiting.length;
      return { running, waiting, admitted: admittedTotal };
    },
  };
}
