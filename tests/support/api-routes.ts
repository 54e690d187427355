import type { RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

export interface BodyRoute {
  method: string;
  url: string;
  /** The body schema, to ask what it takes. */
  body: ZodType;
}

/**
 * Collects the `/api/` routes that take a body as the app registers them:
 * pass `onRoute` to createTestApp, read `routes` after it. For tests that
 * hold a rule over every such route (issue 32: non-object bodies, NUL).
 */
export function bodyRouteRecorder(): { onRoute: (route: RouteOptions) => void; routes: BodyRoute[] } {
  const routes: BodyRoute[] = [];
  const onRoute = (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || !route.schema?.body) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, body: route.schema.body as ZodType });
  };
  return { onRoute, routes };
}

/** A route's path with every parameter filled by a well-formed id nobody has. */
export const withUnknownIds = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
