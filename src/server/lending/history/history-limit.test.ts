import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createMutualContacts, createUser } from '../../../../tests/support/factories';
import { createItem } from '../../../../tests/support/item-factories';
import { readAs } from '../../../../tests/support/loan-history';
import { LIMITS } from '@/contract/limits';
import type { ContactLoanHistory, LoanHistoryEntry } from '@/contract/schemas/loan-history';
import { lendingRequests } from '../../db/schema';

/**
 * History lists are bounded (issue 19 review): the newest
 * LIMITS.loanHistoryMax loans, while "lent 101 · borrowed 2" beside them
 * still counts every loan.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The day `index` days after 2025-01-01: loan 0 is the oldest. */
const day = (index: number) => new Date(Date.UTC(2025, 0, 1 + index)).toISOString().slice(0, 10);

describe('a history longer than the list', () => {
  it('lists the newest 100 of over 100 loans of an item and of a contact, with counts over all of them', async () => {
    expect(LIMITS.loanHistoryMax).toBe(100);
    const alice = await createUser(t.db, { name: 'Alice' });
    const bob = await createUser(t.db, { name: 'Bob' });
    const [alicesBob, bobsAlice] = await createMutualContacts(t.db, alice, bob);
    const drill = await createItem(t.db, alice, { name: 'Drill' });
    const saw = await createItem(t.db, bob, { name: 'Saw' });
    const loans = await t.db
      .insert(lendingRequests)
      .values([
        ...Array.from({ length: 101 }, (_, i) => ({
          itemId: drill.id,
          ownerId: alice.id,
          requesterId: bob.id,
          message: 'Please',
          status: 'returned' as const,
          lentOn: day(i),
          returnedOn: day(i),
        })),
        // Two the other way, newest of all, and one that never happened: listed to its owner, never counted.
        ...[200, 201].map((i) => ({
          itemId: saw.id,
          ownerId: bob.id,
          requesterId: alice.id,
          message: 'Please',
          status: 'returned' as const,
          lentOn: day(i),
          returnedOn: day(i),
        })),
        {
          itemId: drill.id,
          ownerId: alice.id,
          requesterId: bob.id,
          origin: 'recorded' as const,
          status: 'disputed' as const,
          lentOn: day(150),
        },
      ])
      .returning({ id: lendingRequests.id, lentOn: lendingRequests.lentOn });
    const oldest = loans.find((loan) => loan.lentOn === day(0))!;

    const items = await readAs<LoanHistoryEntry[]>(t, alice, `/api/items/${drill.id}/loans`);
    expect(items).toHaveLength(100);
    expect(items.map((loan) => loan.lentOn).slice(0, 2)).toEqual([day(150), day(100)]);
    expect(items.map((loan) => loan.id)).not.toContain(oldest.id);

    const alicesView = await readAs<ContactLoanHistory>(t, alice, `/api/contacts/${alicesBob!.id}/loans`);
    expect(alicesView.counts).toEqual({ lent: 101, borrowed: 2 });
    expect(alicesView.loans).toHaveLength(100);
    expect(alicesView.loans.slice(0, 3).map((loan) => [loan.role, loan.status])).toEqual([
      ['borrowed', 'returned'],
      ['borrowed', 'returned'],
      ['lent', 'disputed'],
    ]);
    expect(alicesView.loans.at(-1)!.lentOn).toBe(day(4));

    const bobsView = await readAs<ContactLoanHistory>(t, bob, `/api/contacts/${bobsAlice!.id}/loans`);
    expect(bobsView.counts).toEqual({ lent: 2, borrowed: 101 });
    // The disputed loan is only its owner's history.
    expect(bobsView.loans).toHaveLength(100);
    expect(bobsView.loans.at(-1)!.lentOn).toBe(day(3));
  });
});
