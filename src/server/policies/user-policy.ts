import type { Actor } from './actor';

/** A user acts on their own account only; there is no administrator role (spec §6). */
export const userRules = {
  'user:read': (actor: Actor, user: { id: string }) => actor.id === user.id,
  'user:update': (actor: Actor, user: { id: string }) => actor.id === user.id,
  'user:readLoginHistory': (actor: Actor, user: { id: string }) => actor.id === user.id,
  /** A `userId` in a path, query or body names the acting user. */
  'user:actAs': (actor: Actor, user: { id: string }) => actor.id === user.id,
  /** Spec §2 GDPR: a person downloads their own data, nobody else's. */
  'account:export': (actor: Actor, user: { id: string }) => actor.id === user.id,
  /** Spec §2 GDPR: a person deletes their own account only (docs/decisions/0015). */
  'account:delete': (actor: Actor, user: { id: string }) => actor.id === user.id,
};
