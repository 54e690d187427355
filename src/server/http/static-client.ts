import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { firstScreenHtml } from './first-screen-hints';
import { sessionCookieSettings } from './session-cookie';

/**
 * Serves the built client (dist/client): hashed assets cached for a year,
 * everything else (index.html, locale files) revalidated on each load. That
 * includes the service worker (sw.js) and the web app manifest: a browser
 * that cached either would keep running an old version (ADR 0022). Any
 * other GET that is not an API or provider path gets index.html, so the
 * client router can show its page (or its 404).
 */
export async function registerStaticClient(
  app: FastifyInstance,
  clientDir: string,
  sessionCookieName = sessionCookieSettings(false).name,
  firstScreenBudgetMs?: number,
): Promise<boolean> {
  if (!existsSync(path.join(clientDir, 'index.html'))) return false;
  const sendIndexHtml = firstScreenHtml(app, clientDir, sessionCookieName, firstScreenBudgetMs);
  await app.register(fastifyStatic, {
    root: clientDir,
    // Only reply.sendFile: the catch-all route below serves every file. A route per file
    // (wildcard: false) made the ~470 files of a build (with their .br/.gz) ~950 routes, which
    // doubled the time buildApp takes at every start (docs/performance.md, start-up).
    serve: false,
    index: false,
    // The build writes .br and .gz beside each text file (vite.config.ts): served by Accept-Encoding, no CPU per request.
    preCompressed: true,
    // Our own Cache-Control below, per file kind.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const relative = path.relative(clientDir, filePath);
      res.setHeader(
        'Cache-Control',
        relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { config: { public: true } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const filePath = path.join(clientDir, path.normalize(url));
    if (url !== '/' && filePath.startsWith(clientDir) && existsSync(filePath) && !url.endsWith('/')) {
      return reply.sendFile(path.relative(clientDir, filePath));
    }
    // Missing assets and unknown API paths are real 404s; app routes get the client shell.
    if (['/assets/', '/locales/', '/api/', '/oidc/'].some((prefix) => url.startsWith(prefix)))
      return reply.callNotFound();
    // A private loan link's page (docs/decisions/0049): never indexed, and its URL (the token) never sent on.
    if (url.startsWith('/loan/')) reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
    // With hints for what its first screen loads next (first-screen-hints.ts). The service worker
    // precaches /index.html itself, the plain file above.
    return sendIndexHtml(request, reply, url);
  });
  return true;
}
