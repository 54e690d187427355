import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The smallest load balancer: one loopback address in front of several app
 * instances, each request to the next instance in turn (round robin), as
 * nginx's default `upstream` does. Responses stream through unbuffered, so
 * live event streams work. Each response says which instance served it
 * (`x-served-by`), for the test to see that both did.
 */
export interface LoopbackProxy {
  origin: string;
  /** Instances that served requests so far, by name, in order. */
  served: string[];
  setBackends(backends: readonly { name: string; origin: string }[]): void;
  close(): Promise<void>;
}

export async function startLoopbackProxy(): Promise<LoopbackProxy> {
  let backends: readonly { name: string; origin: string }[] = [];
  let next = 0;
  const served: string[] = [];
  const server = http.createServer((request, response) => {
    const backend = backends[next++ % Math.max(1, backends.length)];
    if (!backend) {
      response.writeHead(502).end('no instance');
      return;
    }
    served.push(backend.name);
    const target = new URL(request.url ?? '/', backend.origin);
    const upstream = http.request(
      target,
      {
        method: request.method,
        // Host stays the public one, as a proxy_pass with `proxy_set_header Host $host` sends it.
        headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': backend.name });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    served,
    setBackends(list) {
      backends = list;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
