import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { items, lendingRequests, loanExtensionRequests } from '../db/schema';
import { iso, jsonArray, keyset, other, pages, person, type PageCursor } from './export-pages';

/**
 * The export's extension requests (issue 18): the ones the person asked for
 * as a borrower, and the ones asked of them as an owner, each with the loan's
 * item and the other person as the app shows them. Page by page, like every
 * section.
 */
export async function* exportLoanExtensions(db: Database, userId: string, size: number): AsyncGenerator<string> {
  const k = keyset(loanExtensionRequests.createdAt, loanExtensionRequests.id);
  const load = (side: 'borrower' | 'owner') => (after: PageCursor | null, limit: number) =>
    db
      .select({
        extension: loanExtensionRequests,
        lendingRequestId: lendingRequests.id,
        // The loan outlives its item (ADR 0028): then only the kept name.
        item: { id: lendingRequests.itemId, name: sql<string>`coalesce(${items.name}, ${lendingRequests.itemName})` },
        otherPerson: person(other),
        id: loanExtensionRequests.id,
        cursorAt: k.cursorAt,
      })
      .from(loanExtensionRequests)
      .innerJoin(lendingRequests, eq(lendingRequests.id, loanExtensionRequests.lendingRequestId))
      .leftJoin(items, eq(items.id, lendingRequests.itemId))
      .innerJoin(other, eq(other.id, side === 'borrower' ? lendingRequests.ownerId : lendingRequests.requesterId))
      .where(
        and(eq(side === 'borrower' ? lendingRequests.requesterId : lendingRequests.ownerId, userId), k.after(after)),
      )
      .orderBy(...k.orderBy)
      .limit(limit);
  type Row = Awaited<ReturnType<ReturnType<typeof load>>>[number];
  const present = (otherRole: 'owner' | 'borrower') => (rows: Row[]) =>
    rows.map(({ extension, lendingRequestId, item, otherPerson }) => ({
      id: extension.id,
      lendingRequestId,
      item,
      [otherRole]: { name: otherPerson.name, username: otherPerson.username, deleted: otherPerson.deleted },
      requestedUntil: extension.requestedUntil,
      message: extension.message,
      status: extension.status,
      createdAt: iso(extension.createdAt),
      respondedAt: iso(extension.respondedAt),
    }));
  yield '{"asBorrower":';
  yield* jsonArray(pages(size, load('borrower')), present('owner'));
  yield ',"asOwner":';
  yield* jsonArray(pages(size, load('owner')), present('borrower'));
  yield '}';
}
