import type { FastifyRequest } from 'fastify';
import type { ActiveSession } from '../auth/session-store';
import { AppError } from '../http/app-error';

/** Who is acting: always taken from the session, never from the request body, path or query. */
export interface Actor {
  id: string;
}

export function requireSession(request: FastifyRequest): ActiveSession {
  if (!request.auth) throw AppError.unauthenticated();
  return request.auth;
}

export function requireActor(request: FastifyRequest): Actor {
  return { id: requireSession(request).user.id };
}
