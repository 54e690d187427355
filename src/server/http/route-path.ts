import type { FastifyRequest } from 'fastify';

/**
 * The path a request was routed by. Guards must decide on this, not on
 * `request.url`: an absolute-form request line ("GET http://host/api/x") is
 * routed to /api/x while its url starts with "http://".
 */
export function routePath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url;
}

export function isApiRequest(request: FastifyRequest): boolean {
  return routePath(request).startsWith('/api/');
}
