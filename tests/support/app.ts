import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type AppDependencies } from '@/server/app';
import { createSession } from '@/server/auth/session-store';
import { loadConfig, type AppConfig } from '@/server/config/config';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase['db'];
  database: TestDatabase;
  config: AppConfig;
  /** Cookie header for a fresh session of `userId` (skips the OIDC round trip; auth tests run it for real). */
  cookieFor(userId: string): Promise<string>;
  /**
   * `app.inject` as `user` (null: signed out), from our own origin so
   * state-changing calls pass the cross-origin guard.
   */
  request(user: { id: string } | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Sees every route as it registers (e.g. to compare the routes with the API reference). */
  onRoute?: AppDependencies['onRoute'];
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lendloop-app-')),
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    clientDir: '/nonexistent',
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async cookieFor(userId) {
      const token = await createSession(database.db, userId, null);
      return `lendloop_session=${token}`;
    },
    async request(user, options) {
      const headers: Record<string, string> = { origin: config.publicUrl.origin };
      if (user) headers.cookie = `lendloop_session=${await createSession(database.db, user.id, null)}`;
      return app.inject({ ...options, headers: { ...headers, ...options.headers } });
    },
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
