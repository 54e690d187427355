import http from 'node:http';

/**
 * The live benchmark's clients (bench/server/live.ts): an SSE reader that
 * timestamps each event the moment its bytes are parsed, and a JSON POST
 * over a keep-alive agent. Plain node:http, so the figures carry no
 * EventSource or fetch machinery of their own.
 */

/** One parsed SSE event; a comment block (`: ping`) comes as event `:` with the comment as data. */
export interface ReceivedEvent {
  event: string;
  data: string;
  at: number;
}

export interface OpenStream {
  /** The stream ended without close() being called (server closed it, or an error). */
  readonly endedUnexpectedly: boolean;
  close(): void;
}

/**
 * GET /api/events as the holder of `cookie`; resolves once `event: ready`
 * arrived, so a stream counts as open only when the server subscribed it.
 * Every later event goes to `onEvent` with performance.now() at parsing.
 */
export function openEventStream(
  origin: string,
  cookie: string,
  onEvent: (event: ReceivedEvent) => void,
  timeoutMs = 30_000,
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    let ready = false;
    let closing = false;
    let endedUnexpectedly = false;
    let buffer = '';
    const request = http.get(`${origin}/api/events`, {
      // One socket per stream, as each browser tab holds its own.
      agent: false,
      headers: { cookie, accept: 'text/event-stream' },
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`no ready event within ${timeoutMs} ms`));
    }, timeoutMs);
    const stream: OpenStream = {
      get endedUnexpectedly() {
        return endedUnexpectedly;
      },
      close() {
        closing = true;
        request.destroy();
      },
    };
    const ended = (error?: Error) => {
      clearTimeout(timer);
      if (!ready) reject(error ?? new Error('stream ended before its ready event'));
      else if (!closing) endedUnexpectedly = true;
    };
    request.on('error', ended);
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        request.destroy(new Error(`GET /api/events answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const parsed = parseBlock(block, at);
          if (!parsed) continue;
          if (!ready && parsed.event === 'ready') {
            ready = true;
            clearTimeout(timer);
            resolve(stream);
          } else {
            onEvent(parsed);
          }
        }
      });
      response.on('end', () => ended());
      response.on('error', ended);
    });
  });
}

function parseBlock(block: string, at: number): ReceivedEvent | null {
  let event = 'message';
  const data: string[] = [];
  let any = false;
  let comment: string | null = null;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comment ??= line.slice(1).trim();
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else continue;
    any = true;
  }
  if (any) return { event, data: data.join('\n'), at };
  return comment === null ? null : { event: ':', data: comment, at };
}

/** Keep-alive connections for the POSTs: a client that sends often reuses its connection. */
export function postAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 64 });
}

/** POSTs `body` as JSON from the server's own origin (the cross-origin guard); resolves with status and body. */
export function postJson(
  agent: http.Agent,
  origin: string,
  path: string,
  cookie: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${path}`, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        cookie,
        origin,
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', reject);
    });
    request.end(payload);
  });
}
