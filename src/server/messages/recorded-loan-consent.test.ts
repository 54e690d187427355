import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { inDays } from '../../../tests/support/lending';
import { messageCalls, type User } from '../../../tests/support/messages';
import { disputeAs, loanBody, recordedLoan, recordingParties } from '../../../tests/support/recorded-loans';
import { contacts } from '../db/schema';

/**
 * A loan the owner recorded (docs/decisions/0028) opens the messaging
 * channel (docs/decisions/0018) both ways only while the item is out with
 * the borrower: they arrange its return. Once it is returned, or the
 * borrower said "That's not right", only the ordinary rules (mutual
 * contacts, a group, an answer) let either write.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { send } = messageCalls(() => t);
const hi = (from: User, to: User) => send(from, { receiverId: to.id, content: `${from.name} says hi` });

/** Alice recorded a loan of her drill for Bob (mutual contacts then); afterwards Bob removed her from his book. */
async function recordedThenUnfriended(returned: boolean) {
  const p = await recordingParties(t);
  const body = loanBody(
    { contactId: p.borrowerEntry.id },
    returned ? { lentOn: inDays(-20), expectedReturnDate: null, returnedOn: inDays(-10) } : {},
  );
  const loan = await recordedLoan(t, p.owner, p.item.id, body);
  await t.db.delete(contacts).where(and(eq(contacts.userId, p.borrower.id), eq(contacts.contactUserId, p.owner.id)));
  return { ...p, loan };
}

describe('a recorded loan and the messaging channel', () => {
  it('while the item is out with the borrower, both may write to each other', async () => {
    const p = await recordedThenUnfriended(false);
    expect((await hi(p.owner, p.borrower)).statusCode).toBe(201);
    expect((await hi(p.borrower, p.owner)).statusCode).toBe(201);
  });

  it('a returned recorded loan opens nothing, either way', async () => {
    const p = await recordedThenUnfriended(true);
    expect((await hi(p.owner, p.borrower)).statusCode).toBe(403);
    expect((await hi(p.borrower, p.owner)).statusCode).toBe(403);
  });

  it('a disputed recorded loan opens nothing, either way', async () => {
    const p = await recordedThenUnfriended(false);
    expect((await disputeAs(t, p.borrower, p.loan.id)).statusCode).toBe(200);
    expect((await hi(p.owner, p.borrower)).statusCode).toBe(403);
    expect((await hi(p.borrower, p.owner)).statusCode).toBe(403);
  });
});
