import type { FastifyRequest } from 'fastify';

/** What a request log line says of the request: Fastify's own fields (a type, so pino's index signature takes it). */
export type LoggedRequest = {
  method: string;
  url: string;
  version: string | undefined;
  host: string | undefined;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
};

/**
 * The request serializer of the server's log: Fastify's default fields, except
 * that a URL holding one of `secretPathPrefixes` is logged only up to the end
 * of that prefix, then `…`. What follows such a prefix is a credential (a
 * calendar feed's token, calendar-feed/feed-url.ts), and a log is read by
 * more people, and kept longer, than the database's hash of it. Found
 * anywhere in the URL, not by route: a mistyped link that matches no route,
 * or an absolute-form request line (`GET http://host/calendar/…`), is cut
 * the same way.
 */
export function requestLogSerializer(
  secretPathPrefixes: readonly string[],
): (request: FastifyRequest) => LoggedRequest {
  return (request) => ({
    method: request.method,
    url: loggedUrl(request.url, secretPathPrefixes),
    version: headerText(request.headers['accept-version']),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  });
}

export function loggedUrl(url: string, secretPathPrefixes: readonly string[]): string {
  const cuts = secretPathPrefixes
    .map((prefix) => {
      const at = url.indexOf(prefix);
      return at === -1 ? -1 : at + prefix.length;
    })
    .filter((cut) => cut !== -1);
  return cuts.length === 0 ? url : `${url.slice(0, Math.min(...cuts))}…`;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
