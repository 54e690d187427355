import { describe, expect, it } from 'vitest';
import { createFairQueue, QueueRefusal, type FairQueueOptions } from './fair-queue';

/** Tasks that run until the test finishes them, recording the order they started in. */
function recorder() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finishers.set(name, () => resolve(name));
    });
  const finish = (name: string) => {
    const done = finishers.get(name);
    if (!done) throw new Error(`${name} has not started`);
    done();
  };
  return { started, task, finish };
}

/** Lets pending promise callbacks run (a slot is handed over in a microtask). */
const settle = () => new Promise((resolve) => setImmediate(resolve));
const never = () => new AbortController().signal;

/** A clock the test moves: the queue's average task time comes from it. */
function testClock() {
  let ms = 0;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

const options = (overrides: Partial<FairQueueOptions> = {}): FairQueueOptions => ({
  concurrency: 1,
  maxPending: 100,
  maxPendingForBacklog: 100,
  maxPerPerson: 100,
  initialTaskMs: 2_000,
  ...overrides,
});

function refusalOf(run: () => unknown): QueueRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof QueueRefusal) return error;
    throw error;
  }
  throw new Error('No refusal');
}

describe('createFairQueue', () => {
  it("one person's backlog delays another's first request by at most the analysis already running", async () => {
    const queue = createFairQueue(options());
    const { started, task, finish } = recorder();
    const flood = Array.from({ length: 30 }, (_, i) => queue.admit('mallory').run(task(`m${i}`), never()));
    await settle();
    const bob = queue.admit('bob').run(task('bob'), never());
    await settle();
    expect(started).toEqual(['m0']);
    finish('m0');
    await settle();
    expect(started).toEqual(['m0', 'bob']);
    finish('bob');
    expect(await bob).toBe('bob');
    for (let i = 1; i < 30; i++) {
      await settle();
      finish(`m${i}`);
    }
    expect(await Promise.all(flood)).toHaveLength(30);
    expect(queue.load).toEqual({ running: 0, waiting: 0, admitted: 0 });
  });

  it('takes turns between people with backlogs, and a newcomer goes before everyone already served', async () => {
    const queue = createFairQueue(options({ concurrency: 2 }));
    const { started, task, finish } = recorder();
    const runs = [
      ...['a1', 'a2', 'a3'].map((name) => queue.admit('ann').run(task(name), never())),
      ...['b1', 'b2', 'b3'].map((name) => queue.admit('ben').run(task(name), never())),
    ];
    await settle();
    // Ann's first two took both slots as they arrived; Ben has waited and goes next.
    expect(started).toEqual(['a1', 'a2']);
    finish('a1');
    await settle();
    expect(started.at(-1)).toBe('b1');
    runs.push(queue.admit('cleo').run(task('c1'), never()));
    finish('a2');
    await settle();
    expect(started.at(-1)).toBe('c1');
    for (const name of ['b1', 'c1', 'a3', 'b2', 'b3']) {
      finish(name);
      await settle();
    }
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'b3']);
    await Promise.all(runs);
  });

  it('refuses beyond maxPending waiting, with Retry-After from the measured task time, and takes people again once a place frees', async () => {
    const clock = testClock();
    const queue = createFairQueue(options({ concurrency: 2, maxPending: 3, now: clock.now }));
    const { task, finish } = recorder();
    // Before anything has finished: the initial estimate, 2 s a task; 4 admitted ahead over 2 slots → 2 rounds.
    const runs = ['a', 'b', 'c', 'd', 'e'].map((name) => queue.admit(name).run(task(name), never()));
    await settle();
    expect(queue.load).toEqual({ running: 2, waiting: 3, admitted: 5 });
    const full = refusalOf(() => queue.admit('f'));
    expect(full.reason).toBe('full');
    expect(full.retryAfterSeconds).toBe(4);

    clock.advance(12_000);
    finish('a');
    await settle();
    // c took a's slot, so a place is free again.
    const f = queue.admit('f').run(task('f'), never());
    // The average moved a fifth of the way from 2 s towards 12 s: 4 s; two rounds → 8 s.
    expect(refusalOf(() => queue.admit('g')).retryAfterSeconds).toBe(8);
    for (const name of ['b', 'c', 'd', 'e', 'f']) {
      await settle();
      finish(name);
    }
    await Promise.all([...runs, f]);
  });

  it("keeps part of the queue for people with nothing admitted: a person's second request may fill only maxPendingForBacklog", async () => {
    const queue = createFairQueue(options({ maxPending: 3, maxPendingForBacklog: 1 }));
    const { task, finish } = recorder();
    const runs = [queue.admit('ann').run(task('a1'), never()), queue.admit('ann').run(task('a2'), never())];
    await settle();
    // a1 runs, a2 waits: the part for backlogs is full, for Ben too once he has one admitted.
    expect(refusalOf(() => queue.admit('ann')).reason).toBe('full');
    runs.push(queue.admit('ben').run(task('b1'), never()));
    expect(refusalOf(() => queue.admit('ben')).reason).toBe('full');
    runs.push(queue.admit('cleo').run(task('c1'), never()));
    expect(refusalOf(() => queue.admit('dora')).reason).toBe('full');
    for (const name of ['a1', 'b1', 'c1', 'a2']) {
      await settle();
      finish(name);
    }
    await Promise.all(runs);
  });

  it('refuses a person beyond maxPerPerson admitted (waiting or running) and nobody else', async () => {
    const queue = createFairQueue(options({ maxPerPerson: 2 }));
    const { task, finish } = recorder();
    const first = queue.admit('dora').run(task('d1'), never());
    const second = queue.admit('dora');
    const backlog = refusalOf(() => queue.admit('dora'));
    expect(backlog.reason).toBe('person_backlog');
    expect(backlog.retryAfterSeconds).toBe(2);
    const eve = queue.admit('eve');
    await settle();
    finish('d1');
    await first;
    // One of Dora's finished: she may queue again.
    const third = queue.admit('dora');
    second.cancel();
    third.cancel();
    eve.cancel();
    expect(queue.load).toEqual({ running: 0, waiting: 0, admitted: 0 });
  });

  it('a waiting task whose signal aborts leaves the queue and gives its place back', async () => {
    const queue = createFairQueue(options({ maxPending: 1 }));
    const { started, task, finish } = recorder();
    const running = queue.admit('ann').run(task('a'), never());
    const gone = new AbortController();
    const waiting = queue.admit('ben').run(task('b'), gone.signal);
    await settle();
    expect(refusalOf(() => queue.admit('cleo')).reason).toBe('full');
    gone.abort(new Error('client gone'));
    await expect(waiting).rejects.toThrow('client gone');
    expect(queue.load).toEqual({ running: 1, waiting: 0, admitted: 1 });
    const cleo = queue.admit('cleo').run(task('c'), never());
    finish('a');
    await settle();
    finish('c');
    await Promise.all([running, cleo]);
    expect(started).toEqual(['a', 'c']);
  });

  it('frees the slot when a task fails, and an admission runs only once', async () => {
    const queue = createFairQueue(options());
    const admission = queue.admit('ann');
    await expect(admission.run(() => Promise.reject(new Error('boom')), never())).rejects.toThrow('boom');
    expect(queue.load).toEqual({ running: 0, waiting: 0, admitted: 0 });
    await expect(admission.run(() => Promise.resolve('again'), never())).rejects.toThrow('already used');
    expect(await queue.admit('ann').run(() => Promise.resolve('ok'), never())).toBe('ok');
  });
});
