import type { FastifyInstance } from 'fastify';
import type { TestApp } from './app';
import { buildApp } from '@/server/app';

/**
 * A second app on the test's database whose log is captured line by line,
 * with the server's own serializers: for tests that a credential never
 * reaches the log (imported only by *.test.ts). Close it when done.
 */
export async function appWithCapturedLog(t: TestApp): Promise<{ app: FastifyInstance; log: () => string }> {
  const lines: string[] = [];
  const app = await buildApp({
    config: t.config,
    db: t.db,
    logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
    clientDir: '/nonexistent',
  });
  return { app, log: () => lines.join('') };
}
