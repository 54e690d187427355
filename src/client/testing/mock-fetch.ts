import { vi } from 'vitest';

export interface MockResponse {
  status?: number;
  statusText?: string;
  /** Serialised as JSON unless it is already a string. */
  body?: unknown;
}

type Handler =
  MockResponse | ((request: { url: string; init: RequestInit | undefined }) => MockResponse | Promise<MockResponse>);

/**
 * Replaces global fetch with a table of URL paths (query string ignored).
 * Unknown paths answer 404, so a test notices a call it did not expect.
 * The setup file restores the real fetch after each test.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const handler = routes[path];
    const spec: MockResponse = handler
      ? typeof handler === 'function'
        ? await handler({ url, init })
        : handler
      : { status: 404, statusText: 'Not Found', body: '' };
    const status = spec.status ?? 200;
    const text = spec.body === undefined ? '' : typeof spec.body === 'string' ? spec.body : JSON.stringify(spec.body);
    return new Response(status === 204 ? null : text, {
      status,
      statusText: spec.statusText ?? '',
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
