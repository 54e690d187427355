import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../contract/errors';
import type { ApiErrorBody } from '../../contract/schemas/api-error';
import { AppError } from './app-error';
import { isDatabaseUnavailableError } from './database-unavailable';
import { holdOverlapError } from './hold-overlap';
import { drainRefusedBody } from './refused-body-drain';

/**
 * One error handler for the whole API (fastify/demo style): 4xx carry a
 * translatable message key, 5xx never show internals and are logged with the
 * request id so an operator can find them.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'database_unavailable') {
      // Expected while the database restarts or fails over; the pool reconnects by itself.
      request.log.warn({ err: error }, 'request failed: database unavailable');
    } else if (appError.code === 'photo_storage_unavailable') {
      // The bucket is down, slow or refuses our keys: photos fail, the rest of the app carries on.
      request.log.warn({ err: error }, 'request failed: photo storage unavailable');
    } else if (appError.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (databaseErrorCode(error) && appError.code !== 'item_booked') {
      request.log.warn({ err: error }, 'the database refused input a schema let through');
    } else {
      request.log.info({ code: appError.code, reason: error.message }, 'request refused');
    }
    drainRefusedBody(request, reply);
    return sendError(reply, appError);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
    sendError(reply, AppError.notFound(`No route for ${request.method} ${request.url.split('?')[0]}`)),
  );
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      messageKey: error.messageKey,
      message: error.message,
      ...(error.issues ? { issues: error.issues } : {}),
      ...(error.conflict ? { conflict: error.conflict } : {}),
    },
  };
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/** Fastify and plugin errors that are the client's fault, mapped to our codes. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_input',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_input',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_input',
};

/**
 * PostgreSQL refusals that mean the input was bad and a schema let it through
 * (SQLSTATE classes 22 and 23): the caller gets a 4xx, never a 500, and the
 * log says which rule is missing from the schema.
 */
const DATABASE_CLIENT_ERRORS: Record<string, ErrorCode> = {
  '22001': 'invalid_input', // string too long
  '22021': 'invalid_input', // invalid byte sequence (NUL)
  '22P02': 'invalid_input', // invalid text representation (e.g. not a uuid)
  '22P05': 'invalid_input', // untranslatable character
  '22007': 'invalid_input', // invalid date/time
  '22008': 'invalid_input', // date/time out of range
  '23502': 'invalid_input', // not-null violation
  '23503': 'invalid_input', // foreign key violation
  '23514': 'invalid_input', // check violation
  '23505': 'duplicate_entry', // unique violation
};

function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** What a 503 `database_unavailable` tells a client to wait before trying again. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailableError(error)) {
    const unavailable = new AppError('database_unavailable', 'The database is unavailable; try again shortly');
    // The embedded PostgreSQL restarts, and a failover completes, within seconds.
    unavailable.retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
    return unavailable;
  }
  const overlap = holdOverlapError(error);
  if (overlap) return overlap;
  const sqlState = databaseErrorCode(error);
  const databaseCode = sqlState ? DATABASE_CLIENT_ERRORS[sqlState] : undefined;
  if (databaseCode) return new AppError(databaseCode, `Refused by the database (SQLSTATE ${sqlState})`);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      // Contract schemas use translation keys as messages ("validation.nameRequired");
      // zod's built-in messages are English prose, so those map to the generic key.
      messageKey:
        issue.message && /^[a-zA-Z]+\.[a-zA-Z_.]+$/.test(issue.message) ? issue.message : 'errors.invalid_input',
    }));
    return AppError.invalid('Invalid input', 'errors.invalid_input', issues);
  }
  const mapped = error.code ? FRAMEWORK_CODES[error.code] : undefined;
  if (mapped) return new AppError(mapped, error.message);
  if (error instanceof SyntaxError) return AppError.invalid('Malformed JSON body');
  if (error.statusCode === 429) return new AppError('too_many_requests', 'Too many requests');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return AppError.invalid(error.message);
  }
  return new AppError('server_error', 'Internal server error');
}
