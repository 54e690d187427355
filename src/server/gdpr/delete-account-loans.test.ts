import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createLendingRequest, createUser } from '../../../tests/support/factories';
import { createItem } from '../../../tests/support/item-factories';
import { recordedLoan, requestedLoan } from '../../../tests/support/loan-history';
import { lendingRequests, users } from '../db/schema';

/**
 * Account deletion and loans as history (docs/decisions/0028, amending 0015),
 * one test per rule: what the other person keeps, under the stand-in, and
 * what goes with the account.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function deleteAccountOf(user: { id: string }) {
  const response = await t.request(user, { method: 'DELETE', url: `/api/gdpr/delete-account/${user.id}` });
  expect(response.statusCode).toBe(204);
}

async function loansByIds(ids: string[]) {
  return t.db.select().from(lendingRequests).where(inArray(lendingRequests.id, ids));
}

async function isStandIn(userId: string | null) {
  if (userId === null) return false;
  const [row] = await t.db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return row?.deletedAt != null;
}

describe('the owner deletes their account', () => {
  it('passes returned loans with a registered borrower to the stand-in, under the item’s name', async () => {
    const gone = await createUser(t.db);
    const borrower = await createUser(t.db);
    const drill = await createItem(t.db, gone, { name: 'Drill' });
    const asked = await requestedLoan(t, drill, borrower);
    const recorded = await recordedLoan(t, drill, { requesterId: borrower.id }, { message: 'Keep the case' });
    await deleteAccountOf(gone);

    const rows = await loansByIds([asked.id, recorded.id]);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ itemId: null, itemName: 'Drill', requesterId: borrower.id, status: 'returned' });
      expect(row.ownerId).not.toBe(gone.id);
      expect(await isStandIn(row.ownerId)).toBe(true);
    }
    // One stand-in per account (0015): both loans name the same one.
    expect(new Set(rows.map((row) => row.ownerId)).size).toBe(1);
  });

  it('takes their own records of people without an account, and loans that never came back or never were', async () => {
    const gone = await createUser(t.db);
    const borrower = await createUser(t.db);
    const neighbour = await createContact(t.db, gone, { name: 'Neighbour' });
    const drill = await createItem(t.db, gone, { name: 'Drill', status: 'borrowed' });
    const ladder = await createItem(t.db, gone, { name: 'Ladder' });
    const forEntry = await recordedLoan(t, ladder, { borrowerContactId: neighbour.id, borrowerName: 'Neighbour' });
    const typed = await recordedLoan(t, ladder, { borrowerName: 'Someone' });
    const disputed = await recordedLoan(
      t,
      ladder,
      { requesterId: borrower.id },
      { status: 'disputed', returnedOn: null },
    );
    const out = await requestedLoan(t, drill, borrower, { status: 'borrowed', returnedOn: null });
    const declined = await createLendingRequest(t.db, ladder, borrower, { status: 'declined' });
    await deleteAccountOf(gone);

    expect(await loansByIds([forEntry.id, typed.id, disputed.id, out.id, declined.id])).toEqual([]);
  });
});

describe('the borrower deletes their account', () => {
  it('passes loans recorded for them, disputed ones too, to the stand-in; the owner’s entry for them stays', async () => {
    const gone = await createUser(t.db);
    const owner = await createUser(t.db);
    const ownersEntry = await createContact(t.db, owner, { contactUserId: gone.id, name: 'My cousin' });
    const ladder = await createItem(t.db, owner, { name: 'Ladder' });
    const recorded = await recordedLoan(t, ladder, { requesterId: gone.id, borrowerContactId: ownersEntry.id });
    const disputed = await recordedLoan(
      t,
      ladder,
      { requesterId: gone.id, borrowerContactId: ownersEntry.id },
      { status: 'disputed', lentOn: '2026-05-01', returnedOn: null },
    );
    await deleteAccountOf(gone);

    const rows = await loansByIds([recorded.id, disputed.id]);
    expect(rows.map((row) => row.status).sort()).toEqual(['disputed', 'returned']);
    for (const row of rows) {
      expect(row).toMatchObject({ ownerId: owner.id, itemId: ladder.id, borrowerContactId: ownersEntry.id });
      expect(row.requesterId).not.toBe(gone.id);
      expect(await isStandIn(row.requesterId)).toBe(true);
    }
  });
});
