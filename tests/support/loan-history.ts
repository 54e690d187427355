import type { TestApp } from './app';
import { lendingRequests } from '@/server/db/schema';

/*
 * Test support for the loan history tests (imported only by *.test.ts): loans
 * written straight to the table, as the lending steps and "record a loan"
 * leave them. The item's own status is the caller's business.
 */

type NewLoan = typeof lendingRequests.$inferInsert;

/** A loan asked in the app by `requester` and handed out on `lentOn` (returned unless overridden). */
export async function requestedLoan(
  t: TestApp,
  item: { id: string; ownerId: string },
  requester: { id: string },
  overrides: Partial<NewLoan> = {},
) {
  const [loan] = await t.db
    .insert(lendingRequests)
    .values({
      itemId: item.id,
      ownerId: item.ownerId,
      requesterId: requester.id,
      origin: 'request',
      message: 'Could I borrow it for the weekend?',
      status: 'returned',
      lentOn: '2026-03-01',
      expectedReturnDate: '2026-03-08',
      returnedOn: '2026-03-08',
      ...overrides,
    })
    .returning();
  return loan!;
}

/**
 * A loan the owner recorded: for a registered person (`requesterId`), an
 * address-book entry (`borrowerContactId`) or a typed name (`borrowerName`).
 */
export async function recordedLoan(
  t: TestApp,
  item: { id: string; ownerId: string },
  borrower: Pick<NewLoan, 'requesterId' | 'borrowerContactId' | 'borrowerName'>,
  overrides: Partial<NewLoan> = {},
) {
  const [loan] = await t.db
    .insert(lendingRequests)
    .values({
      itemId: item.id,
      ownerId: item.ownerId,
      origin: 'recorded',
      message: null,
      status: 'returned',
      lentOn: '2026-04-01',
      expectedReturnDate: '2026-04-10',
      returnedOn: '2026-04-05',
      ...borrower,
      ...overrides,
    })
    .returning();
  return loan!;
}

/** GET `url` as `user`, expecting 200; the parsed body. */
export async function readAs<T>(t: TestApp, user: { id: string }, url: string): Promise<T> {
  const response = await t.request(user, { method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}
