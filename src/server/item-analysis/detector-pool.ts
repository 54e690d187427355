import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { createConcurrencyLimit } from './concurrency-limit';

/** One thing the detector saw: a COCO label, its score (0–1) and the share of the picture it covers. */
export interface Detection {
  label: string;
  score: number;
  area: number;
}

/** Decoded RGB pixels, 3 bytes each, row by row. */
export interface RgbImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export interface DetectorPool {
  /** Rejects with `signal.reason` when the signal aborts first (waiting or running). */
  detect(image: RgbImage, signal: AbortSignal): Promise<Detection[]>;
  readonly load: { running: number; waiting: number; workers: number };
  close(): Promise<void>;
}

const workerAnswerSchema = z.union([
  z.object({
    id: z.number(),
    detections: z.array(z.object({ label: z.string(), score: z.number(), area: z.number() })),
  }),
  z.object({ id: z.number(), error: z.string() }),
]);

/**
 * Where the worker's code is: beside this file when running from the
 * sources (tsx, Vitest), beside dist/server/main.js in the bundle (the
 * build copies it there; `import.meta.url` is then the bundle's).
 */
export const DETECTOR_WORKER_URL = new URL('./detector-worker.mjs', import.meta.url);

/**
 * Worker threads running the offline detector (detector-worker.mjs), at most
 * `size` of them, each analysing one photo at a time; further photos wait.
 * A worker starts on first use and keeps its model loaded. A detection that
 * is abandoned while running (time up, client gone) terminates its worker:
 * WASM inference cannot be interrupted, and a replacement is cheaper than a
 * slot stuck for the rest of a hung computation.
 */
export function createDetectorPool(size: number, workerUrl: URL = DETECTOR_WORKER_URL): DetectorPool {
  const limit = createConcurrencyLimit(size);
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  let nextId = 1;
  let closed = false;

  const spawn = () => {
    const worker = new Worker(workerUrl);
    // An idle worker must not keep the process alive (tests, shutdown).
    worker.unref();
    all.add(worker);
    worker.once('exit', () => {
      all.delete(worker);
      const index = idle.indexOf(worker);
      if (index >= 0) idle.splice(index, 1);
    });
    return worker;
  };

  const runOn = (worker: Worker, image: RgbImage, signal: AbortSignal) =>
    new Promise<Detection[]>((resolve, reject) => {
      if (signal.aborted) {
        idle.push(worker);
        return reject(signal.reason);
      }
      const id = nextId++;
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        signal.removeEventListener('abort', onAbort);
      };
      const onMessage = (message: unknown) => {
        const answer = workerAnswerSchema.safeParse(message);
        if (!answer.success || answer.data.id !== id) return;
        cleanup();
        idle.push(worker);
        if ('error' in answer.data) reject(new Error(`Detector: ${answer.data.error}`));
        else resolve(answer.data.detections);
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new Error(`The detector worker stopped (exit code ${code})`));
      };
      const onAbort = () => {
        cleanup();
        void worker.terminate();
        reject(signal.reason);
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      signal.addEventListener('abort', onAbort, { once: true });
      // A copy is transferred, so the caller's buffer stays usable.
      const pixels = image.pixels.slice().buffer;
      worker.postMessage({ id, width: image.width, height: image.height, pixels }, [pixels]);
    });

  return {
    detect(image, signal) {
      if (closed) return Promise.reject(new Error('The detector pool is closed'));
      return limit.run(() => runOn(idle.pop() ?? spawn(), image, signal), signal);
    },
    get load() {
      return { ...limit.load, workers: all.size };
    },
    async close() {
      closed = true;
      await Promise.all([...all].map((worker) => worker.terminate()));
    },
  };
}
