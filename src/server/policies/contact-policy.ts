import type { Actor } from './actor';

/**
 * A contact belongs to one address book: only its owner reads, edits,
 * invites or removes it. The contact's own user (once linked) has no say
 * over another person's address book entry.
 */
const ownsContact = (actor: Actor, contact: { userId: string }) => actor.id === contact.userId;

export const contactRules = {
  'contact:read': ownsContact,
  'contact:update': ownsContact,
  'contact:invite': ownsContact,
  'contact:delete': ownsContact,
  /** Accepting this contact's requests for free days without asking (issue 35): the address book's owner. */
  'contact:trust': ownsContact,
};
