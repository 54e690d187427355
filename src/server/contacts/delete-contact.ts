import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contacts, itemContactPermissions, items } from '../db/schema';
import { AppError } from '../http/app-error';
import { authorize, type Actor } from '../policies';
import { findContact } from './contact-query';

/**
 * Removes a contact. The person also loses the item shares the owner gave
 * them as a contact: removing someone from your contacts means they no longer
 * see what you shared with them (group shares are unaffected). Returns the
 * linked user, whose Available Items changed, or null.
 *
 * Kept in PostgreSQL too: path_holds via item_contact_shares_follow_contacts, item_group_shares_follow_members, item_contact_share_fill, item_group_share_fill (drizzle/0019_share_path_holds.sql); see docs/database-rules.md.
 */
export async function deleteContact(db: Database, actor: Actor, contactId: string): Promise<string | null> {
  const existing = await findContact(db, contactId);
  if (!existing) throw AppError.notFound('Contact not found', 'errors.not_found');
  authorize(actor, 'contact:delete', existing.contact, { hideAs404: true });

  const linkedUserId = existing.contact.contactUserId;
  await db.transaction(async (tx) => {
    if (linkedUserId) {
      await tx
        .delete(itemContactPermissions)
        .where(
          and(
            eq(itemContactPermissions.contactUserId, linkedUserId),
            inArray(
              itemContactPermissions.itemId,
              tx.select({ id: items.id }).from(items).where(eq(items.ownerId, actor.id)),
            ),
          ),
        );
    }
    await tx.delete(contacts).where(and(eq(contacts.id, contactId), eq(contacts.userId, actor.id)));
  });
  return linkedUserId;
}
