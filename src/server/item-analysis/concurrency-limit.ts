/**
 * At most `max` tasks at once; the others wait in arrival order. A waiting
 * task whose signal aborts (client gone, time up) leaves the queue at once,
 * so a queue of abandoned requests never builds up behind a slow analysis.
 */
export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T>;
  /** Running and waiting tasks, for logs and the benchmark. */
  readonly load: { running: number; waiting: number };
}

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  let running = 0;
  const waiting: { start: () => void; cancel: (reason: unknown) => void }[] = [];

  const acquire = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      if (running < max) {
        running++;
        return resolve();
      }
      const entry = {
        start: () => {
          signal.removeEventListener('abort', onAbort);
          running++;
          resolve();
        },
        cancel: reject,
      };
      const onAbort = () => {
        const index = waiting.indexOf(entry);
        if (index >= 0) waiting.splice(index, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.push(entry);
    });

  const release = () => {
    running--;
    waiting.shift()?.start();
  };

  return {
    async run(task, signal) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
