/**
 * Whether an error means the database could not be reached or the connection
 * was lost (docs/decisions/0019-faults-and-restarts.md): the request that
 * used it answers 503 `database_unavailable` (try again shortly), not 500,
 * and the process carries on while the pool reconnects.
 */

/** Socket errors from connecting to or talking with the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away: the connection exceptions of class 08
 * that mean a lost or refused connection (not 08P01 protocol_violation, which
 * a bug can cause, e.g. too many bind parameters, and must stay a 500),
 * 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up, recovering).
 */
const UNAVAILABLE_SQL_STATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
const isUnavailableSqlState = (code: string) => UNAVAILABLE_SQL_STATES.has(code);

/** node-postgres and pg-pool say so only in the message. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection terminated due to connection timeout/,
  /^Cannot use a pool after calling end on the pool/,
];

export function isDatabaseUnavailableError(error: unknown): boolean {
  // Fastify's own client errors (a 4xx status, e.g. ECONNRESET from a client
  // that aborted its upload mid-body) are about the client, not the database.
  if (hasClientErrorStatus(error)) return false;
  // Drizzle wraps driver errors (DrizzleQueryError, cause = the pg error).
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current !== 'object') return false;
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true;
    const message = 'message' in current ? current.message : undefined;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // An AggregateError (a host name with several addresses, all refused) lists each attempt.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailableError(inner))) {
      return true;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

function hasClientErrorStatus(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return false;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}
