import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { createSession } from '@/server/auth/session-store';
import { connectDatabase } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { sessionCookieSettings } from '@/server/http/session-cookie';
import type { SessionCookie } from './lighthouse';
import { root, type RunningServer } from './server';

export interface BenchData {
  /** A signed-in session of the measured person. */
  session: SessionCookie;
  username: string;
  /** What that person's My Items and (first page of) Available Items show. */
  ownItems: number;
  availableItems: number;
}

/**
 * Fills the server's database with the demo community through `npm run seed`
 * itself (the same command and environment a user would run it with, so it
 * attaches to the server's embedded PostgreSQL), then picks the demo person
 * whose Available Items is longest and gives them a session from the
 * server's own session store: the measured pages show a full list, and no
 * sign-in round trip is part of the measurement.
 */
export async function prepareData(server: RunningServer): Promise<BenchData> {
  const seed = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['src/server/seed/run-seed.ts'], {
    cwd: root,
    env: server.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seed.status !== 0) throw new Error(`npm run seed failed (exit code ${seed.status})`);

  const handle = connectDatabase(server.databaseUrl, { max: 2 });
  try {
    const people = await handle.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .orderBy(asc(users.username));
    let best: BenchData | undefined;
    for (const person of people) {
      // The server runs on plain http here, so the cookie has no __Host- prefix.
      const session = {
        name: sessionCookieSettings(false).name,
        value: await createSession(handle.db, person.id, null),
      };
      const available = await countItems(server.baseUrl, '/api/items/available', session);
      if (best && available <= best.availableItems) continue;
      const ownItems = await countItems(server.baseUrl, '/api/items/my', session);
      best = { session, username: person.username, ownItems, availableItems: available };
    }
    if (!best || best.availableItems === 0) throw new Error('the seed left nobody with items to borrow');
    return best;
  } finally {
    await handle.close();
  }
}

/** How many items a list endpoint answers with for a session (a bare list, or a page with `items`). */
async function countItems(baseUrl: string, url: string, session: SessionCookie): Promise<number> {
  const response = await fetch(`${baseUrl}${url}`, { headers: { cookie: `${session.name}=${session.value}` } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const body = (await response.json()) as unknown;
  if (Array.isArray(body)) return body.length;
  const page = body as { items?: unknown };
  return Array.isArray(page.items) ? page.items.length : 0;
}
