import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/** Where a failed announcement is reported: the request's logger in routes. */
export type AnnounceLog = Pick<FastifyBaseLogger, 'warn'>;

/**
 * For use cases called outside a request (the demo seed): failures still
 * reach a log instead of vanishing.
 */
export const backgroundAnnounceLog: AnnounceLog = pino({ name: 'live-events', level: 'warn' });

/**
 * Runs the live-event announcements of a change that has already committed
 * (docs/decisions/0011-live-updates.md). Whatever fails in them, a count
 * query or the bus, is logged and swallowed: the change is stored, an error
 * answer would invite a retry that repeats it, and the other people's clients
 * catch up at their next event, stream reconnect or page load.
 */
export async function announceAfterCommit(
  log: AnnounceLog,
  announce: () => Promise<void>,
  context: Record<string, unknown> = {},
): Promise<void> {
  try {
    await announce();
  } catch (error) {
    log.warn({ ...context, err: error }, 'live events after a committed change could not be published');
  }
}
