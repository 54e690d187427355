import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanCondition, PersonThanks, ReceivedThanks } from '@/contract/schemas/loan-condition';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { exportedAccount } from '../../../../tests/support/account-export';
import { createContact, createUser } from '../../../../tests/support/factories';
import { borrowedLoan, ownerStep } from '../../../../tests/support/loans';
import type { User } from '../../../../tests/support/photos';
import { lendingRequests, loanThanks, messages, notifications } from '../../db/schema';

/**
 * Thanks, not scores (issue 36, docs/decisions/0048): once per loan and
 * person after the return; shown to the person's contacts only, with notes
 * from people the reader knows; hidden ones count nowhere; the owner's
 * private "returned on time N of M".
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const thank = (user: User | null, loanId: string, note?: string) =>
  t.request(user, {
    method: 'POST',
    url: `/api/lending-requests/${loanId}/thanks`,
    payload: note === undefined ? {} : { note },
  });
const thanksOf = (reader: User | null, personId: string) =>
  t.request(reader, { method: 'GET', url: `/api/users/${personId}/thanks` });

/** Alice lent Bob her drill; he brought it back. */
async function returnedLoan() {
  const loan = await borrowedLoan(t);
  await ownerStep(t, loan.owner, loan.loanId, 'returned');
  return loan;
}

describe('sending thanks', () => {
  it('either person, once, after the return; the other is told; strangers and the signed-out are refused', async () => {
    const out = await borrowedLoan(t);
    const early = await thank(out.requester, out.loanId, 'Thanks!');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('loan_report_closed');

    const loan = await returnedLoan();
    expect((await thank(null, loan.loanId)).statusCode).toBe(401);
    expect((await thank(loan.stranger, loan.loanId)).statusCode).toBe(404);
    expect((await thank(loan.requester, loan.loanId, 'Saved my weekend')).statusCode).toBe(204);
    expect((await thank(loan.requester, loan.loanId, 'Again')).statusCode).toBe(409);
    expect((await thank(loan.owner, loan.loanId)).statusCode).toBe(204);

    const rows = await t.db
      .select({
        from: loanThanks.fromUserId,
        to: loanThanks.toUserId,
        for: loanThanks.thankedFor,
        note: loanThanks.note,
      })
      .from(loanThanks)
      .where(eq(loanThanks.lendingRequestId, loan.loanId));
    expect(rows).toEqual(
      expect.arrayContaining([
        { from: loan.requester.id, to: loan.owner.id, for: 'lending', note: 'Saved my weekend' },
        { from: loan.owner.id, to: loan.requester.id, for: 'borrowing', note: null },
      ]),
    );
    const told = await t.db
      .select({ receiverId: messages.receiverId })
      .from(messages)
      .where(eq(messages.systemEvent, 'loan_thanked'));
    expect(told.map((m) => m.receiverId)).toEqual(expect.arrayContaining([loan.owner.id, loan.requester.id]));
    const notified = await t.db
      .select({ event: notifications.event })
      .from(notifications)
      .where(eq(notifications.userId, loan.owner.id));
    expect(notified).toContainEqual({ event: 'loan_thanked' });

    const seen = await t.request(loan.owner, { method: 'GET', url: `/api/lending-requests/${loan.loanId}/condition` });
    expect(seen.json<LoanCondition>().thanks).toMatchObject({
      given: { note: null },
      received: { note: 'Saved my weekend' },
    });
    expect(seen.json<LoanCondition>().allowed.thank).toBe(false);
  });

  it('cannot thank a deleted account', async () => {
    const loan = await returnedLoan();
    await t.request(loan.requester, { method: 'DELETE', url: `/api/gdpr/delete-account/${loan.requester.id}` });
    const [row] = await t.db.select().from(lendingRequests).where(eq(lendingRequests.id, loan.loanId));
    expect(row).toBeDefined();
    expect((await thank(loan.owner, loan.loanId)).statusCode).toBe(409);
  });
});

describe('who sees a person’s thanks', () => {
  it('the person and their contacts; notes only from people the reader knows; hidden thanks nowhere', async () => {
    const loan = await returnedLoan();
    // Alice has Bob as a contact (lendingParties); Carol is Alice's contact too, and knows Bob; Dave knows nobody.
    const carol = await createUser(t.db, { name: 'Carol' });
    await createContact(t.db, loan.owner, { contactUserId: carol.id });
    await createContact(t.db, carol, { contactUserId: loan.requester.id });
    const erin = await createUser(t.db, { name: 'Erin' });
    await createContact(t.db, loan.owner, { contactUserId: erin.id });
    expect((await thank(loan.requester, loan.loanId, 'Saved my weekend')).statusCode).toBe(204);

    expect((await thanksOf(null, loan.owner.id)).statusCode).toBe(401);
    expect((await thanksOf(loan.stranger, loan.owner.id)).statusCode).toBe(404);
    const own = (await thanksOf(loan.owner, loan.owner.id)).json<PersonThanks>();
    expect(own).toMatchObject({ lending: 1, borrowing: 0 });
    const byCarol = (await thanksOf(carol, loan.owner.id)).json<PersonThanks>();
    expect(byCarol).toEqual({
      lending: 1,
      borrowing: 0,
      notes: [expect.objectContaining({ fromName: 'Bob', note: 'Saved my weekend', thankedFor: 'lending' })],
    });
    // Erin is Alice's contact but does not know Bob: the count, not his words.
    expect((await thanksOf(erin, loan.owner.id)).json<PersonThanks>()).toEqual({ lending: 1, borrowing: 0, notes: [] });

    const received = (
      await t.request(loan.owner, { method: 'GET', url: '/api/thanks/received' })
    ).json<ReceivedThanks>();
    expect(received).toEqual([expect.objectContaining({ fromName: 'Bob', itemName: 'Drill', hidden: false })]);
    const id = received[0]?.id ?? '';
    const hideAs = (user: User, hidden: boolean) =>
      t.request(user, { method: 'PUT', url: `/api/thanks/${id}/hidden`, payload: { hidden } });
    expect((await hideAs(loan.requester, true)).statusCode).toBe(404);
    expect((await hideAs(carol, true)).statusCode).toBe(404);
    expect((await hideAs(loan.owner, true)).statusCode).toBe(204);
    expect((await thanksOf(carol, loan.owner.id)).json<PersonThanks>()).toEqual({
      lending: 0,
      borrowing: 0,
      notes: [],
    });
    expect((await hideAs(loan.owner, false)).statusCode).toBe(204);
    expect((await thanksOf(carol, loan.owner.id)).json<PersonThanks>().lending).toBe(1);
  });

  it('a deleted account’s thanks go with it', async () => {
    const loan = await returnedLoan();
    await thank(loan.requester, loan.loanId, 'Cheers');
    await t.request(loan.requester, { method: 'DELETE', url: `/api/gdpr/delete-account/${loan.requester.id}` });
    expect(await t.db.select().from(loanThanks).where(eq(loanThanks.lendingRequestId, loan.loanId))).toEqual([]);
  });

  it('the export holds the thanks one gave and received', async () => {
    const loan = await returnedLoan();
    await thank(loan.requester, loan.loanId, 'Cheers');
    const exported = await exportedAccount<{ thanks: { direction: string; note: string }[] }>(t, loan.owner.id);
    expect(exported.thanks).toEqual([
      expect.objectContaining({ direction: 'received', note: 'Cheers', hidden: false }),
    ]);
  });
});

describe('returned on time, for the owner only', () => {
  it('counts the loans the owner lent this contact that came back by their due date', async () => {
    const loan = await returnedLoan();
    const [bobsEntry] = await t
      .request(loan.owner, { method: 'GET', url: '/api/contacts' })
      .then((r) =>
        r.json<{ id: string; contactUserId: string | null }[]>().filter((c) => c.contactUserId === loan.requester.id),
      );
    const history = await t.request(loan.owner, { method: 'GET', url: `/api/contacts/${bobsEntry?.id}/loans` });
    expect(history.json()).toMatchObject({ returnedOnTime: { onTime: 1, of: 1 } });
    // Late: due yesterday, back today.
    await t.db
      .update(lendingRequests)
      .set({ requestedFrom: '2000-01-01', expectedReturnDate: '2000-01-02', lentOn: '2000-01-01' })
      .where(eq(lendingRequests.id, loan.loanId));
    const later = await t.request(loan.owner, { method: 'GET', url: `/api/contacts/${bobsEntry?.id}/loans` });
    expect(later.json()).toMatchObject({ returnedOnTime: { onTime: 0, of: 1 } });
  });
});
