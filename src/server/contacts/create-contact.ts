import { and, eq, isNull, not, sql } from 'drizzle-orm';
import { blockBetween } from '../relations/block-sql';
import type { ContactFormValues } from '../../contract/schemas/contact';
import type { Database } from '../db/client';
import { contacts, users } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Actor } from '../policies';
import { lockAddressBook } from './address-book-lock';
import { assertNoDuplicateContact } from './contact-duplicates';
import { findContact, type ContactRow } from './contact-query';
import { findRegisteredUser } from './find-registered-user';
import { consumeRegistrationCheck } from './registration-check-limit';

export type NewContact = { contactUserId: string } | ContactFormValues;

const userNotFound = () => new AppError('user_not_found', 'No registered user matches');

/**
 * A person who is not registered can only be invited with their number, so
 * an unlinked contact needs a phone even though the form lets it be empty
 * for someone found by username or email (docs/decisions/0007, amendment).
 */
export const phoneRequiredForInvite = () =>
  AppError.invalid('An unregistered contact needs a phone number', 'errors.invalid_input', [
    { path: 'phone', messageKey: 'validation.phoneRequiredForInvite' },
  ]);

/**
 * Adds a contact to the actor's address book (spec §7 POST /api/contacts).
 * A registered match makes it active and linked, with or without a phone;
 * otherwise it is pending with the typed name, phone and email, ready to be
 * invited, and then the phone is required.
 */
export async function createContact(db: Database, actor: Actor, input: NewContact): Promise<ContactRow> {
  await consumeRegistrationCheck(db, actor.id);

  let values: { name: string; phone: string | null; email: string | null; contactUserId: string | null };
  if ('contactUserId' in input) {
    const [user] = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      // A deleted account's stand-in cannot be added (docs/decisions/0015),
      // nor anyone with a block between them either way (docs/decisions/0018).
      .where(
        and(eq(users.id, input.contactUserId), isNull(users.deletedAt), not(blockBetween(actor.id, sql`${users.id}`))),
      );
    if (!user) throw userNotFound();
    // Only the name is copied: the person's phone and email show through the
    // linked user once the link is mutual, never by being copied here.
    values = { name: user.name, phone: null, email: null, contactUserId: user.id };
  } else {
    const match = await findRegisteredUser(db, actor.id, input);
    if (input.username && !match) throw userNotFound();
    if (!match && !input.phone) throw phoneRequiredForInvite();
    values = { name: input.name, phone: input.phone, email: input.email, contactUserId: match?.id ?? null };
  }
  if (values.contactUserId === actor.id) {
    throw new AppError('contact_is_self', 'You cannot add yourself as a contact');
  }

  const id = await db.transaction(async (tx) => {
    await lockAddressBook(tx, actor.id);
    await assertNoDuplicateContact(tx, actor.id, values);
    const [created] = await tx
      .insert(contacts)
      .values({ ...values, userId: actor.id, status: values.contactUserId ? 'active' : 'pending' })
      .returning({ id: contacts.id });
    return created?.id;
  });
  const row = id ? await findContact(db, id) : undefined;
  if (!row) throw new Error('The new contact could not be read back');
  return row;
}
