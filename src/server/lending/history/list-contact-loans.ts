import { eq, sql, type SQL } from 'drizzle-orm';
import type { LoanCounts } from '@/contract/schemas/loan-history';
import type { Database } from '../../db/client';
import { contacts, lendingRequests } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorize, type Actor } from '../../policies';
import { countLoanHistory, selectLoanHistory, type LoanHistoryRow } from './loan-history-query';

export interface ContactLoans {
  /** The newest LIMITS.loanHistoryMax loans. */
  rows: LoanHistoryRow[];
  /** Over every loan between the two, listed or not. */
  counts: LoanCounts;
}

/**
 * GET /api/contacts/{id}/loans: the loans between the actor and one of their
 * own contacts (rule `contact:read`; anyone else's entry answers 404). What
 * I lent them: my loans to their account or recorded for this entry. What I
 * borrowed from them: their loans to me, which needs their account. A third
 * person's loans with the same person never match: every branch names me.
 * Three statements whatever the number of loans: the entry, the newest
 * loans, and the counts over all of them.
 */
export async function listContactLoans(db: Database, actor: Actor, contactId: string): Promise<ContactLoans> {
  const [contact] = await db
    .select({ id: contacts.id, userId: contacts.userId, contactUserId: contacts.contactUserId })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  if (!contact) throw AppError.notFound('Contact not found', 'errors.not_found');
  authorize(actor, 'contact:read', contact, { hideAs404: true });

  const mine = eq(lendingRequests.ownerId, actor.id);
  const recordedForEntry = eq(lendingRequests.borrowerContactId, contact.id);
  const account = contact.contactUserId;
  let between: SQL;
  if (account === null) {
    // Without an account they can only have borrowed from me, recorded on this entry of my address book.
    between = sql`${mine} AND ${recordedForEntry}`;
  } else {
    const lentToThem = sql`${mine} AND (${recordedForEntry} OR ${eq(lendingRequests.requesterId, account)})`;
    const borrowedFromThem = sql`${eq(lendingRequests.ownerId, account)} AND ${eq(lendingRequests.requesterId, actor.id)}`;
    between = sql`((${lentToThem}) OR (${borrowedFromThem}))`;
  }
  const rows = await selectLoanHistory(db, actor.id, between);
  return { rows, counts: await countLoanHistory(db, actor.id, between) };
}
