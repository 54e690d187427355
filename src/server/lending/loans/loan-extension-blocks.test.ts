import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { borrowedLoan } from '../../../../tests/support/loans';
import { addDays } from '@/contract/schemas/lending';
import { loanExtensionRequests, messages } from '../../db/schema';

/**
 * A loan goes on across a block (docs/decisions/0018), and so do its
 * extension steps, but no free text crosses the block: neither the
 * borrower's note nor the owner's answer note.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ask = (user: { id: string }, loanId: string, payload: Record<string, unknown>) =>
  t.request(user, { method: 'POST', url: `/api/lending-requests/${loanId}/extension`, payload });
const answer = (user: { id: string }, loanId: string, verdict: string, payload: Record<string, unknown> = {}) =>
  t.request(user, { method: 'POST', url: `/api/lending-requests/${loanId}/extension/${verdict}`, payload });
const listFor = async (user: { id: string }) =>
  (await t.request(user, { method: 'GET', url: '/api/lending-requests/extensions' })).json<
    Array<{ lendingRequestId: string; message: string | null }>
  >();
const block = async (blocker: { id: string }, blocked: { id: string }) => {
  const response = await t.request(blocker, { method: 'POST', url: '/api/blocks', payload: { userId: blocked.id } });
  expect(response.statusCode).toBe(204);
};

/** The user-written messages between the loan's two people. */
async function userMessagesOf(loan: { owner: { id: string }; requester: { id: string } }) {
  const rows = await t.db
    .select({ content: messages.content })
    .from(messages)
    .where(and(inArray(messages.senderId, [loan.owner.id, loan.requester.id]), eq(messages.messageType, 'user')));
  return rows.map((row) => row.content);
}

describe('extension notes across a block', () => {
  it('a blocked borrower may still ask, but the note reaches the owner nowhere', async () => {
    const loan = await borrowedLoan(t);
    await block(loan.owner, loan.requester);
    const asked = await ask(loan.requester, loan.loanId, {
      requestedUntil: addDays(loan.dueDate, 3),
      message: 'Words for someone who blocked me',
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'pending', message: null });
    const [row] = await t.db
      .select({ message: loanExtensionRequests.message })
      .from(loanExtensionRequests)
      .where(eq(loanExtensionRequests.lendingRequestId, loan.loanId));
    expect(row?.message).toBeNull();
    expect(await userMessagesOf(loan)).toEqual([]);
    expect(await listFor(loan.owner)).toEqual([
      expect.objectContaining({ lendingRequestId: loan.loanId, message: null }),
    ]);
  });

  it('a note written before the block is no longer listed to either side; the request is', async () => {
    const loan = await borrowedLoan(t);
    expect(
      (await ask(loan.requester, loan.loanId, { requestedUntil: addDays(loan.dueDate, 3), message: 'Before' }))
        .statusCode,
    ).toBe(201);
    expect((await listFor(loan.owner))[0]?.message).toBe('Before');
    await block(loan.requester, loan.owner);
    for (const user of [loan.owner, loan.requester]) {
      expect(await listFor(user)).toEqual([expect.objectContaining({ lendingRequestId: loan.loanId, message: null })]);
    }
  });

  it("the owner's answer counts across a block, without the note and without showing the borrower's note", async () => {
    const loan = await borrowedLoan(t);
    await ask(loan.requester, loan.loanId, { requestedUntil: addDays(loan.dueDate, 3), message: 'Please' });
    await block(loan.requester, loan.owner);
    const accepted = await answer(loan.owner, loan.loanId, 'accept', { response: 'Words across the block' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', message: null });
    expect(await userMessagesOf(loan)).toEqual(['Please']);
  });
});
