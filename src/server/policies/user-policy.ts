import type { Actor } from './actor';

/**
 * What the profile-photo rule needs to know about a person. `relatedToActor`
 * comes from SQL (src/server/users/related-people.ts): the person has the
 * actor in their address book, they share a group, or they have a
 * conversation, and no block either way (docs/decisions/0016, 0018).
 */
export interface ProfilePhotoAccess {
  id: string;
  /** A deleted account's stand-in (users.deleted_at set) shows no photo to anyone. */
  deleted: boolean;
  relatedToActor: boolean;
}

/** A user acts on their own account only; there is no administrator role (spec §6). */
export const userRules = {
  'user:read': (actor: Actor, user: { id: string }) => actor.id === user.id,
  'user:update': (actor: Actor, user: { id: string }) => actor.id === user.id,
  'user:readLoginHistory': (actor: Actor, user: { id: string }) => actor.id === user.id,
  /** A `userId` in a path, query or body names the acting user. */
  'user:actAs': (actor: Actor, user: { id: string }) => actor.id === user.id,
  /**
   * A profile photo is seen by the person and by people who already know
   * them in Lendloop (docs/decisions/0016-profile-photo-and-language.md);
   * everyone else is answered 404, as if there were no photo.
   */
  'user:readPhoto': (actor: Actor, person: ProfilePhotoAccess) =>
    !person.deleted && (actor.id === person.id || person.relatedToActor),
  /** Spec §2 GDPR: a person downloads their own data, nobody else's. */
  'account:export': (actor: Actor, user: { id: string }) => actor.id === user.id,
  /** Spec §2 GDPR: a person deletes their own account only (docs/decisions/0015). */
  'account:delete': (actor: Actor, user: { id: string }) => actor.id === user.id,
};
