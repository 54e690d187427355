import autocannon, { type RequestParams } from 'autocannon';
import type { OutgoingRequest } from './scenarios';

/** What one endpoint achieved in one measurement. */
export interface Measurement {
  requestsPerSecond: number;
  /** Latencies in milliseconds (autocannon records whole milliseconds; the mean is exact). */
  latency: { mean: number; p50: number; p90: number; p99: number; max: number };
  requests: number;
  seconds: number;
  /** Non-2xx answers plus connection errors (timeouts included). */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  connections: number;
}

export interface DriveOptions {
  origin: string;
  connections: number;
  seconds: number;
  /** Stop after this many requests even before `seconds` (inputs that can be used only once). */
  maxRequests?: number;
  request(i: number): OutgoingRequest;
}

/**
 * Drives one endpoint with autocannon: `connections` keep-alive connections,
 * each sending its next request as soon as the previous answer arrived. Every
 * request goes through `request(i)` (a fresh user, path and body each time),
 * the hello-world ceiling included, so the load generator does the same work
 * in every measurement.
 */
export async function drive(options: DriveOptions): Promise<Measurement> {
  const limit = options.maxRequests;
  const connections = limit === undefined ? options.connections : Math.max(1, Math.min(options.connections, limit));
  if (limit !== undefined && limit < 1) throw new Error('No inputs left for this endpoint');
  let sequence = 0;
  const result = await autocannon({
    url: options.origin,
    connections,
    duration: options.seconds,
    timeout: 10,
    ...(limit === undefined ? {} : { maxOverallRequests: limit }),
    requests: [
      {
        setupRequest: (request: RequestParams) => {
          const next = options.request(sequence++);
          return { ...request, ...next, headers: { ...request.headers, ...next.headers } };
        },
      },
    ],
  });
  const answered = result.latency.totalCount ?? 0;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
  );
  return {
    requestsPerSecond: result.duration > 0 ? answered / result.duration : 0,
    latency: {
      mean: result.latency.mean,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    requests: answered,
    seconds: result.duration,
    errors: result.non2xx + result.errors,
    timeouts: result.timeouts,
    statusCodes,
    connections,
  };
}

/**
 * When an endpoint answers non-2xx, one request of the same kind sent by
 * hand shows why (the body names the error code); the report quotes it.
 */
export async function sampleFailure(origin: string, request: OutgoingRequest): Promise<string> {
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await response.text();
  return `${request.method} ${request.path.split('?')[0]} → ${response.status} ${text.slice(0, 300)}`;
}
