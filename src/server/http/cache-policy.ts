import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './route-path';

/**
 * API answers carry personal data (the signed-in user, their items, messages,
 * contacts), and so can error answers (a 403 tells that something exists).
 * Neither the browser's disk cache nor any shared cache may keep them: a
 * shared computer or a misconfigured proxy would hand them to the next
 * person. Routes that need another policy set their own header and keep it:
 * photos revalidate with `private, no-cache` (so their ETag can answer 304),
 * and the live event stream writes its headers itself.
 */
export const NO_STORE = 'no-store';

export function registerNoStoreDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && (isApiRequest(request) || reply.statusCode >= 400)) {
      reply.header('cache-control', NO_STORE);
    }
    return payload;
  });
}
