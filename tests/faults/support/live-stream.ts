import type { Person } from './fault-database';

export interface LiveStream {
  /** Event names received so far, in order (`ready`, `items_changed`, …). */
  events: string[];
  /** Resolves once an event named `type` arrives after the first `after` events. */
  waitFor(type: string, after: number, timeoutMs: number): Promise<void>;
  close(): void;
}

/** GET /api/events as `person`, parsed just enough to see event names. */
export async function openLiveStream(baseUrl: string, person: Person): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie: person.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`the live stream answered ${response.status}`);
  const events: string[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body.getReader();
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffered += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const name = /^event: (.+)$/m.exec(message)?.[1];
          if (name) events.push(name);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted by close(), or the server went away: the waiters time out.
    }
  })();

  return {
    events,
    waitFor(type, after, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!events.slice(after).includes(type)) return;
          cleanUp();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(new Error(`no "${type}" event within ${timeoutMs} ms (got ${events.join(', ')})`));
        }, timeoutMs);
        const cleanUp = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

/**
 * Makes the server publish a live event to `watcher`: `writer` creates an
 * item and ticks "Can see" for the watcher, who then hears `items_changed`.
 * Retried while the server answers 503 (the database is still coming back).
 */
export async function triggerItemsChanged(baseUrl: string, writer: Person, watcher: Person): Promise<void> {
  const headers = { 'content-type': 'application/json', cookie: writer.cookie, origin: baseUrl };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const created = await fetch(`${baseUrl}/api/items`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Shared with the watcher', category: 'books' }),
    });
    if (created.status === 201) {
      const { id } = (await created.json()) as { id: string };
      const shared = await fetch(`${baseUrl}/api/permissions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ itemId: id, contactUserId: watcher.id, canView: true }),
      });
      if (shared.status === 204) return;
      if (shared.status !== 503) throw new Error(`sharing answered ${shared.status}: ${await shared.text()}`);
    } else if (created.status !== 503) {
      throw new Error(`creating an item answered ${created.status}: ${await created.text()}`);
    }
    if (Date.now() > deadline) throw new Error('the server kept answering 503');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
