import type { Actor } from './actor';

/** A user acts on their own account only; there is no administrator role (spec §6). */
export const userRules = {
  'user:read': (actor: Actor, user: { id: string }) => actor.id === user.id,
  'user:update': (actor: Actor, user: { id: string }) => actor.id === user.id,
  'user:readLoginHistory': (actor: Actor, user: { id: string }) => actor.id === user.id,
  /** A `userId` in a path, query or body names the acting user. */
  'user:actAs': (actor: Actor, user: { id: string }) => actor.id === user.id,
};
