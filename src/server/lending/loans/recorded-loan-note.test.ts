import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createUser } from '../../../../tests/support/factories';
import { inDays } from '../../../../tests/support/lending';
import { disputeAs, loanBody, recordedLoan, recordingParties } from '../../../../tests/support/recorded-loans';
import type { LendingRequest } from '@/contract/schemas/lending';
import type { ContactLoanHistory, LoanHistoryEntry } from '@/contract/schemas/loan-history';
import { contacts } from '../../db/schema';

/**
 * A recorded loan's note is the owner's own (docs/decisions/0028, issue 19
 * review): written when the loan was their record only, so it never reaches
 * the borrower, not even once an invited entry joins and the loan becomes
 * theirs too. The owner keeps reading it everywhere.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOTE = 'Eve never brings things back on time';

async function get<T>(user: { id: string }, url: string): Promise<{ body: T; text: string }> {
  const response = await t.request(user, { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json<T>(), text: response.body };
}

/** Alice records two loans of her drill for Eve's entry (no account yet, one out now, one over); then Eve joins. */
async function eveJoinsAfterTheLoans() {
  const p = await recordingParties(t);
  const ongoing = await recordedLoan(
    t,
    p.owner,
    p.item.id,
    loanBody({ contactId: p.unregisteredEntry.id }, { note: NOTE }),
  );
  const past = await recordedLoan(
    t,
    p.owner,
    p.item.id,
    loanBody({ contactId: p.unregisteredEntry.id }, { lentOn: inDays(-40), returnedOn: inDays(-30), note: NOTE }),
  );
  const invitation = await t.request(p.owner, {
    method: 'GET',
    url: `/api/contacts/invitation/${p.unregisteredEntry.id}`,
  });
  const ref = new URL(invitation.json<{ invitationLink: string }>().invitationLink).searchParams.get('ref')!;
  const eve = await createUser(t.db, { name: 'Eve Example' });
  const processed = await t.request(eve, {
    method: 'POST',
    url: '/api/referral/process',
    payload: { referralData: ref },
  });
  expect(processed.statusCode).toBe(200);
  const [evesEntryForAlice] = await t.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, eve.id), eq(contacts.contactUserId, p.owner.id)));
  return { ...p, eve, evesEntryForAlice: evesEntryForAlice!, ongoing, past };
}

describe('a recorded loan’s note', () => {
  it('never reaches the borrower: history, requests, thread, export, the dispute answer', async () => {
    const w = await eveJoinsAfterTheLoans();

    const history = await get<ContactLoanHistory>(w.eve, `/api/contacts/${w.evesEntryForAlice.id}/loans`);
    expect(history.body.loans.map((loan) => [loan.id, loan.role, loan.note])).toEqual([
      [w.ongoing.id, 'borrowed', null],
      [w.past.id, 'borrowed', null],
    ]);
    const sent = await get<LendingRequest[]>(w.eve, '/api/lending-requests/sent');
    expect(sent.body.map((request) => request.id).sort()).toEqual([w.ongoing.id, w.past.id].sort());
    expect(sent.body.map((request) => request.message)).toEqual([null, null]);
    const thread = await get<unknown>(w.eve, `/api/conversations/${w.eve.id}/${w.owner.id}`);

    const exported = await t.request(w.eve, { method: 'POST', url: `/api/gdpr/export/${w.eve.id}` });
    expect(exported.statusCode).toBe(200);
    const disputed = await disputeAs(t, w.eve, w.ongoing.id);
    expect(disputed.statusCode).toBe(200);
    expect(disputed.json<LendingRequest>().message).toBeNull();

    for (const text of [history.text, sent.text, thread.text, exported.body, disputed.body]) {
      expect(text).not.toContain(NOTE);
    }
  });

  it('stays the owner’s to read: item and contact history, received requests, export', async () => {
    const w = await eveJoinsAfterTheLoans();
    const items = await get<LoanHistoryEntry[]>(w.owner, `/api/items/${w.item.id}/loans`);
    expect(items.body.map((loan) => loan.note)).toEqual([NOTE, NOTE]);
    const contact = await get<ContactLoanHistory>(w.owner, `/api/contacts/${w.unregisteredEntry.id}/loans`);
    expect(contact.body.loans.map((loan) => loan.note)).toEqual([NOTE, NOTE]);
    const received = await get<LendingRequest[]>(w.owner, '/api/lending-requests/received');
    expect(received.body.map((request) => request.message)).toEqual([NOTE, NOTE]);
    const exported = await t.request(w.owner, { method: 'POST', url: `/api/gdpr/export/${w.owner.id}` });
    expect(exported.body).toContain(NOTE);
  });
});
