import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { blockBetween } from '../relations/block-sql';
import type { DbOrTx } from '../db/client';
import { contacts, users } from '../db/schema';

const reverseContacts = alias(contacts, 'reverse_contacts');

/**
 * Contacts with their linked user and whether the link is mutual (the linked
 * user has the owner in their own contacts), in one query whatever the number
 * of contacts. Callers pass the authorization as `where`.
 */
export function selectContacts(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      contact: contacts,
      user: {
        id: users.id,
        name: users.name,
        username: users.username,
        email: users.email,
        phone: users.phone,
        // No photo across a block (docs/decisions/0018): the URL would only answer 404.
        photoUrl: sql<
          string | null
        >`CASE WHEN ${blockBetween(sql`${contacts.userId}`, sql`${contacts.contactUserId}`)} THEN NULL ELSE ${users.profileImageUrl} END`,
      },
      mutual: sql<boolean>`${reverseContacts.id} IS NOT NULL`,
    })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.contactUserId))
    .leftJoin(
      reverseContacts,
      and(eq(reverseContacts.userId, contacts.contactUserId), eq(reverseContacts.contactUserId, contacts.userId)),
    )
    .where(where)
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.createdAt));
}

export type ContactRow = Awaited<ReturnType<typeof selectContacts>>[number];

export async function findContact(db: DbOrTx, id: string): Promise<ContactRow | undefined> {
  const [row] = await selectContacts(db, eq(contacts.id, id));
  return row;
}
