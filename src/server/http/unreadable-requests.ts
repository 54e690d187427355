import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../contract/errors';
import type { ApiErrorBody } from '../../contract/schemas/api-error';
import { AppError } from './app-error';
import { NO_STORE } from './cache-policy';
import { sendError } from './error-handler';

/**
 * Requests Fastify refuses before any route, hook or error handler runs get
 * the app's error body too, so every answer a client can receive has the one
 * shape `{ error: { code, messageKey, message } }` (Fastify's and Node's own
 * answers would be `{ statusCode, error, message }` or an empty body).
 */

/**
 * Fastify's `frameworkErrors` option: a URL whose percent-encoding does not
 * decode (`/%`, `/api/items/%E0%A4%A`) or a path parameter longer than the
 * router accepts. The reply runs no hooks, so the headers our hooks would add
 * (no-store, nosniff) are set here. The message does not repeat the URL: it
 * is the caller's text, and a 4xx body should not reflect it.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError = frameworkAppError(error);
  if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed before routing');
  else request.log.info({ code: appError.code, reason: error.code }, 'request refused before routing');
  reply.header('cache-control', NO_STORE).header('x-content-type-options', 'nosniff');
  void sendError(reply, appError);
}

function frameworkAppError(error: FastifyError): AppError {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return new AppError('malformed_request', 'The URL is not validly percent-encoded');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('url_too_long', 'A path segment of the URL is too long');
    default:
      return new AppError('server_error', 'Internal server error');
  }
}

/** Node's parser errors (`clientError`) and what the caller is told. */
const CLIENT_ERROR_CODES: Record<string, ErrorCode> = {
  // Request line and headers above the http server's maxHeaderSize (16 KiB by default).
  HPE_HEADER_OVERFLOW: 'headers_too_large',
  // Headers or body not received within headersTimeout / requestTimeout.
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
};

/**
 * Fastify's `clientErrorHandler` option (bound to the instance): the HTTP
 * parser could not read the request, so there is no request object and the
 * answer is written to the socket by hand, then the connection closes
 * (its remaining bytes cannot be trusted to start a new request).
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = CLIENT_ERROR_CODES[error.code] ?? 'malformed_request';
  // Debug, not info: anyone can send garbage, and the log must not be theirs to flood.
  this.log.debug({ err: error, code }, 'unreadable request');
  // Like Node itself: on a keep-alive connection whose current answer has
  // begun, another status line would corrupt what the client is reading.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) socket.write(rawErrorResponse(code));
  socket.destroy(error);
}

function rawErrorResponse(code: ErrorCode): string {
  const appError = new AppError(code, CLIENT_ERROR_MESSAGES[code] ?? 'The request could not be read');
  const body: ApiErrorBody = {
    error: { code: appError.code, messageKey: appError.messageKey, message: appError.message },
  };
  const json = JSON.stringify(body);
  return [
    `HTTP/1.1 ${appError.statusCode} ${STATUS_CODES[appError.statusCode] ?? 'Bad Request'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    `Cache-Control: ${NO_STORE}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    json,
  ].join('\r\n');
}

const CLIENT_ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  headers_too_large: 'The request headers are too large',
  request_timeout: 'The request was not received in time',
  malformed_request: 'The request could not be read',
};
