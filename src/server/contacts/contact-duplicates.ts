import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contacts } from '../db/schema';
import { AppError } from '../http/app-error';

interface ContactIdentity {
  phone: string | null;
  email: string | null;
  contactUserId: string | null;
}

/**
 * Spec §5: a duplicate phone, email or username (the linked person) among the
 * owner's own contacts is refused, naming which one, so the form can point at
 * the field. The unique indexes stay as the backstop against races (generic 409).
 */
export async function assertNoDuplicateContact(
  db: DbOrTx,
  ownerId: string,
  identity: ContactIdentity,
  exceptContactId?: string,
): Promise<void> {
  const matches: SQL[] = [];
  if (identity.phone) matches.push(eq(contacts.phone, identity.phone));
  if (identity.email) matches.push(eq(sql`lower(${contacts.email})`, identity.email.toLowerCase()));
  if (identity.contactUserId) matches.push(eq(contacts.contactUserId, identity.contactUserId));
  if (matches.length === 0) return;

  const clashes = await db
    .select({ phone: contacts.phone, email: contacts.email, contactUserId: contacts.contactUserId })
    .from(contacts)
    .where(
      and(eq(contacts.userId, ownerId), or(...matches), exceptContactId ? ne(contacts.id, exceptContactId) : undefined),
    );
  if (identity.contactUserId && clashes.some((c) => c.contactUserId === identity.contactUserId)) {
    throw new AppError('contact_duplicate_user', 'This person is already one of your contacts');
  }
  if (identity.phone && clashes.some((c) => c.phone === identity.phone)) {
    throw new AppError('contact_duplicate_phone', 'A contact with this phone number already exists');
  }
  if (clashes.length > 0) {
    throw new AppError('contact_duplicate_email', 'A contact with this email address already exists');
  }
}
