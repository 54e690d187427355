import type { Person } from './fault-database';

export interface WriteOutcome {
  /** When the answer (or the network error) arrived, ms since the epoch. */
  at: number;
  /** HTTP status, or 0 when no answer came (server down, connection reset). */
  status: number;
  /** The error code of a non-2xx answer. */
  code?: string;
}

export interface WriteLoad {
  /** Ids of the items whose POST got a 2xx: each must exist afterwards. */
  acknowledged: string[];
  outcomes: WriteOutcome[];
  /** Stops the workers once their requests in flight have settled. */
  stop(): Promise<void>;
}

/** POST /api/items as `writer` from `workers` concurrent loops, recording every outcome. */
export function startWriteLoad(baseUrl: () => string, writer: Person, workers = 4): WriteLoad {
  const acknowledged: string[] = [];
  const outcomes: WriteOutcome[] = [];
  let running = true;
  let sequence = 0;

  const worker = async () => {
    while (running) {
      sequence += 1;
      try {
        const response = await fetch(`${baseUrl()}/api/items`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: writer.cookie, origin: baseUrl() },
          body: JSON.stringify({ name: `Load item ${sequence}`, category: 'tools' }),
          signal: AbortSignal.timeout(15_000),
        });
        const body: unknown = await response.json().catch(() => null);
        if (response.ok && isObject(body) && typeof body.id === 'string') acknowledged.push(body.id);
        const code = !response.ok && isObject(body) && isObject(body.error) ? String(body.error.code) : undefined;
        outcomes.push({ at: Date.now(), status: response.status, ...(code ? { code } : {}) });
      } catch {
        outcomes.push({ at: Date.now(), status: 0 });
        // The server is down: do not spin.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const loops = Array.from({ length: workers }, () => worker());

  return {
    acknowledged,
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Counts of outcomes by status, e.g. `{ 201: 812, 503: 3 }`, for failure messages and the report. */
export function statusCounts(outcomes: WriteOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, code } of outcomes) {
    const key = code ? `${status} ${code}` : String(status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
