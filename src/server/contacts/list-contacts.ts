import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contacts } from '../db/schema';
import type { Actor } from '../policies';
import { selectContacts, type ContactRow } from './contact-query';

/**
 * GET /api/contacts: the actor's own address book, one query whatever its
 * size. The scope is the authorization (rule `contact:read` is "the owner"),
 * in the WHERE clause, so nobody else's contact can appear.
 */
export function listContacts(db: Database, actor: Actor): Promise<ContactRow[]> {
  return selectContacts(db, eq(contacts.userId, actor.id));
}
