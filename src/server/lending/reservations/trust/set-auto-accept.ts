import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { contacts, groupMembers, groups } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { authorize, type Actor } from '../../../policies';

/*
 * The trust shortcut of issue 35 (docs/decisions/0047): an owner's requests
 * from trusted people for free days are accepted at once. Off by default;
 * set per address-book entry and per group one is a member of.
 */

/**
 * PUT /api/contacts/{id}/auto-accept: for one's own address-book entry of a
 * registered person (`contact:trust`; anyone else's entry is 404, as for
 * reading it). An entry without an account cannot ask for anything: 409.
 */
export async function setContactAutoAccept(db: Database, actor: Actor, contactId: string, autoAccept: boolean) {
  const [contact] = await db.select().from(contacts).where(eq(contacts.id, contactId));
  if (!contact) throw AppError.notFound('Contact not found');
  authorize(actor, 'contact:read', contact, { hideAs404: true });
  authorize(actor, 'contact:trust', contact);
  if (contact.contactUserId === null) {
    throw new AppError('request_transition_not_allowed', 'Only a registered contact can ask to borrow');
  }
  await db
    .update(contacts)
    .set({ autoAccept, updatedAt: sql`now()` })
    .where(eq(contacts.id, contact.id));
}

/**
 * PUT /api/groups/{id}/auto-accept: whether the actor accepts the other
 * members' requests without asking (`group:trustMembers`: members only; a
 * group one cannot see is 404, one seen from outside 403).
 */
export async function setGroupAutoAccept(db: Database, actor: Actor, groupId: string, autoAccept: boolean) {
  const [group] = await db
    .select({ isPrivate: groups.isPrivate, adminId: groups.adminId })
    .from(groups)
    .where(eq(groups.id, groupId));
  const [membership] = await db
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, actor.id)));
  const row = group && { isPrivate: group.isPrivate, isAdmin: group.adminId === actor.id, isMember: !!membership };
  if (!row) throw AppError.notFound('Group not found');
  authorize(actor, 'group:read', row, { hideAs404: true });
  authorize(actor, 'group:trustMembers', row);
  await db
    .update(groupMembers)
    .set({ autoAcceptMembers: autoAccept })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, actor.id)));
}
