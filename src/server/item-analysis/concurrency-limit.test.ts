import { describe, expect, it } from 'vitest';
import { withDeadline } from './analysis-deadline';
import { createConcurrencyLimit } from './concurrency-limit';
import type { AnalysisOutcome } from './item-analyzer';

/** A task that runs until the test lets it finish, recording that it started. */
function heldTask(name: string, started: string[]) {
  let finish: (value: string) => void = () => {};
  const done = new Promise<string>((resolve) => {
    finish = resolve;
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(name),
  };
}

/** Lets pending promise callbacks run (the limit hands a slot over in a microtask). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const never = () => new AbortController().signal;

describe('createConcurrencyLimit', () => {
  it('runs at most `max` tasks at once; the others wait and start in arrival order', async () => {
    const limit = createConcurrencyLimit(2);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => heldTask(name, started));
    if (!a || !b || !c || !d) throw new Error('tasks missing');
    const results = [a, b, c, d].map((held) => limit.run(held.task, never()));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(limit.load).toEqual({ running: 2, waiting: 2 });

    b.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(limit.load).toEqual({ running: 2, waiting: 1 });

    a.finish();
    c.finish();
    d.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('broken')), never())).rejects.toThrow('broken');
    expect(await limit.run(() => Promise.resolve('next'), never())).toBe('next');
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('takes a waiting task out of the queue as soon as its signal aborts, without running it', async () => {
    const limit = createConcurrencyLimit(1);
    const started: string[] = [];
    const first = heldTask('first', started);
    const abandoned = heldTask('abandoned', started);
    const last = heldTask('last', started);
    const running = limit.run(first.task, never());
    const client = new AbortController();
    const waiting = limit.run(abandoned.task, client.signal);
    const after = limit.run(last.task, never());
    await settle();
    expect(limit.load).toEqual({ running: 1, waiting: 2 });

    client.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');
    expect(limit.load).toEqual({ running: 1, waiting: 1 });

    // The freed slot goes to the next one in line; the abandoned task never runs.
    first.finish();
    await settle();
    expect(started).toEqual(['first', 'last']);
    last.finish();
    expect(await Promise.all([running, after])).toEqual(['first', 'last']);
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once a task whose signal has already aborted', async () => {
    const limit = createConcurrencyLimit(1);
    const started: string[] = [];
    const held = heldTask('x', started);
    await expect(limit.run(held.task, AbortSignal.abort(new Error('too late')))).rejects.toThrow('too late');
    expect(started).toEqual([]);
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('counts the time spent waiting toward the analysis deadline (as the analyzers use it)', async () => {
    const limit = createConcurrencyLimit(1);
    const started: string[] = [];
    const slow = heldTask('slow', started);
    const recognised: AnalysisOutcome = {
      ok: true,
      result: {
        recognized: true,
        name: 'Drill',
        description: '',
        category: 'tools',
        confidence: 0.9,
        suggestion: null,
      },
    };
    // The first analysis holds the only slot past the second one's deadline.
    const holding = limit.run(slow.task, never());
    const deadlineMs = 100;
    const startedAt = performance.now();
    // The queued analysis itself would take no time at all once it got the slot.
    const queued = withDeadline(never(), deadlineMs, (signal) => limit.run(async () => recognised, signal));
    const outcome = await queued;
    const waitedMs = performance.now() - startedAt;

    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'timeout' } });
    expect(waitedMs).toBeGreaterThanOrEqual(deadlineMs - 5);
    expect(waitedMs).toBeLessThan(deadlineMs + 1000);
    expect(limit.load).toEqual({ running: 1, waiting: 0 });
    slow.finish();
    expect(await holding).toBe('slow');
  });
});
