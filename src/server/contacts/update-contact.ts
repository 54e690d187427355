import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contacts } from '../db/schema';
import { AppError } from '../http/app-error';
import { authorize, type Actor } from '../policies';
import { lockAddressBook } from './address-book-lock';
import { assertNoDuplicateContact } from './contact-duplicates';
import { findContact, type ContactRow } from './contact-query';
import { phoneRequiredForInvite } from './create-contact';
import { findRegisteredUser } from './find-registered-user';
import { consumeRegistrationCheck } from './registration-check-limit';

export interface ContactChanges {
  name: string;
  /** May be null only while the contact is linked to a registered person. */
  phone: string | null;
  email: string | null;
}

const notFound = () => AppError.notFound('Contact not found', 'errors.not_found');

/**
 * Edits a contact (spec §2 Edit contact dialog). A contact that is not yet
 * linked is matched again, so correcting a friend's number to the one they
 * registered with makes them active at once. A linked contact may drop its
 * phone; one that stays unlinked keeps needing it to be invited.
 */
export async function updateContact(
  db: Database,
  actor: Actor,
  contactId: string,
  changes: ContactChanges,
): Promise<ContactRow> {
  const existing = await findContact(db, contactId);
  if (!existing) throw notFound();
  authorize(actor, 'contact:update', existing.contact, { hideAs404: true });
  // Counted outside the transaction, so a refused edit still spends the budget.
  if (!existing.contact.contactUserId) await consumeRegistrationCheck(db, actor.id);

  await db.transaction(async (tx) => {
    await lockAddressBook(tx, actor.id);
    // Read again under the lock: a referral may have linked the contact since.
    const [current] = await tx.select().from(contacts).where(eq(contacts.id, contactId));
    if (!current) throw notFound();

    let contactUserId = current.contactUserId;
    if (!contactUserId) {
      const match = await findRegisteredUser(tx, actor.id, { phone: changes.phone, email: changes.email });
      if (match?.id === actor.id) throw new AppError('contact_is_self', 'You cannot add yourself as a contact');
      contactUserId = match?.id ?? null;
    }
    const newlyLinked = contactUserId !== null && current.contactUserId === null;
    if (contactUserId === null && !changes.phone) throw phoneRequiredForInvite();

    await assertNoDuplicateContact(tx, actor.id, { ...changes, contactUserId }, contactId);
    await tx
      .update(contacts)
      .set({ ...changes, updatedAt: new Date(), ...(newlyLinked ? { contactUserId, status: 'active' } : {}) })
      .where(eq(contacts.id, contactId));
  });
  const row = await findContact(db, contactId);
  if (!row) throw notFound();
  return row;
}
