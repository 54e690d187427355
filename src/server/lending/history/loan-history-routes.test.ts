import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createContact, createLendingRequest, createUser } from '../../../../tests/support/factories';
import { createItem, shareWithUser } from '../../../../tests/support/item-factories';
import { readAs, recordedLoan, requestedLoan } from '../../../../tests/support/loan-history';
import type { ContactLoanHistory, LoanCounts, LoanHistoryEntry } from '@/contract/schemas/loan-history';
import { contacts } from '../../db/schema';

/**
 * Issue 19 "History": per item (its owner only), per contact (one's own
 * address book only) and one's own counts. Each list shows what involves the
 * reader and nothing else.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = { id: string };

/**
 * Alice's drill, shared with Bob and Carol (registered contacts): Bob had it
 * (returned late) and disputed a loan Alice recorded for him; Grandma (an
 * entry without an account) had it; someone Alice typed by name had it long
 * ago (no day recorded); Carol has it now. Bob also asked and was declined,
 * and asks again. Alice borrowed Bob's tent. Erin, a third person, lends to
 * and borrows from Bob: none of that is Alice's business.
 */
async function world() {
  const alice = await createUser(t.db, { name: 'Alice' });
  const bob = await createUser(t.db, { name: 'Bob Builder' });
  const carol = await createUser(t.db, { name: 'Carol' });
  const dave = await createUser(t.db, { name: 'Dave' });
  const erin = await createUser(t.db, { name: 'Erin' });
  const alicesBob = await createContact(t.db, alice, { contactUserId: bob.id, name: 'Bobby' });
  await createContact(t.db, alice, { contactUserId: carol.id });
  const grandma = await createContact(t.db, alice, { name: 'Grandma' });
  const bobsAlice = await createContact(t.db, bob, { contactUserId: alice.id, name: 'Ali' });
  const erinsBob = await createContact(t.db, erin, { contactUserId: bob.id });

  const drill = await createItem(t.db, alice, { name: 'Drill', status: 'borrowed' });
  await shareWithUser(t.db, drill, bob);
  await shareWithUser(t.db, drill, carol);
  const late = await requestedLoan(t, drill, bob, { returnedOn: '2026-03-10' });
  const disputed = await recordedLoan(
    t,
    drill,
    { requesterId: bob.id, borrowerContactId: alicesBob.id },
    { status: 'disputed', lentOn: '2026-05-01', returnedOn: null, message: 'Not Bob’s to see flagged' },
  );
  const grandmas = await recordedLoan(
    t,
    drill,
    { borrowerContactId: grandma.id, borrowerName: 'Grandma' },
    {
      message: 'With the spare bits',
    },
  );
  const typed = await recordedLoan(t, drill, { borrowerName: 'Uncle Tom' }, { lentOn: null, returnedOn: null });
  const current = await requestedLoan(t, drill, carol, {
    status: 'borrowed',
    lentOn: '2026-06-01',
    expectedReturnDate: null,
    returnedOn: null,
  });
  await createLendingRequest(t.db, drill, bob, { status: 'declined' });
  await createLendingRequest(t.db, drill, bob);

  const tent = await createItem(t.db, bob, { name: 'Tent' });
  const tentLoan = await requestedLoan(t, tent, alice, { lentOn: '2026-02-01', returnedOn: '2026-02-03' });
  const erinsBike = await createItem(t.db, erin, { name: 'Bike' });
  await requestedLoan(t, erinsBike, bob);
  await requestedLoan(t, tent, erin, { lentOn: '2026-07-01', returnedOn: '2026-07-02' });
  return {
    alice,
    bob,
    carol,
    dave,
    erin,
    alicesBob,
    grandma,
    bobsAlice,
    erinsBob,
    drill,
    tent,
    loans: { late, disputed, grandmas, typed, current, tentLoan },
  };
}

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

describe('GET /api/items/{id}/loans', () => {
  const url = () => `/api/items/${w.drill.id}/loans`;

  it('answers 401 signed out, 404 to a stranger, 403 to someone the item is shared with', async () => {
    expect((await t.request(null, { method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await t.request(w.dave, { method: 'GET', url: url() })).statusCode).toBe(404);
    const viewer = await t.request(w.bob, { method: 'GET', url: url() });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().error.code).toBe('permission_denied');
    // The tent is not shared with Alice: as unknown to her as an id that does not exist.
    expect((await t.request(w.alice, { method: 'GET', url: `/api/items/${w.tent.id}/loans` })).statusCode).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.request(w.alice, { method: 'GET', url: `/api/items/${missing}/loans` })).statusCode).toBe(404);
    expect((await t.request(w.alice, { method: 'GET', url: '/api/items/not-a-uuid/loans' })).statusCode).toBe(400);
  });

  it('lists the loans to its owner, newest first, disputed flagged, requests that never were loans left out', async () => {
    const list = await readAs<LoanHistoryEntry[]>(t, w.alice, url());
    expect(list.map((loan) => loan.id)).toEqual([
      w.loans.current.id,
      w.loans.disputed.id,
      w.loans.grandmas.id,
      w.loans.late.id,
      w.loans.typed.id,
    ]);
    expect(list.every((loan) => loan.role === 'lent' && loan.itemId === w.drill.id && loan.itemName === 'Drill')).toBe(
      true,
    );
    const [current, disputed, grandmas, late, typed] = list;
    expect(current).toMatchObject({
      status: 'borrowed',
      origin: 'request',
      partner: { userId: w.carol.id, contactId: expect.any(String), name: 'Carol', deleted: false },
      returnedOn: null,
      returnedLate: null,
      // A request's message is the ask, not a note on the loan.
      note: null,
    });
    expect(disputed).toMatchObject({
      status: 'disputed',
      origin: 'recorded',
      partner: { userId: w.bob.id, contactId: w.alicesBob.id, name: 'Bob Builder', deleted: false },
    });
    expect(grandmas).toEqual({
      id: w.loans.grandmas.id,
      itemId: w.drill.id,
      itemName: 'Drill',
      role: 'lent',
      origin: 'recorded',
      status: 'returned',
      partner: { userId: null, contactId: w.grandma.id, name: 'Grandma', deleted: false },
      lentOn: '2026-04-01',
      expectedReturnDate: '2026-04-10',
      returnedOn: '2026-04-05',
      returnedLate: false,
      note: 'With the spare bits',
      returnCondition: null,
      openProblem: false,
    });
    expect(late).toMatchObject({ returnedOn: '2026-03-10', expectedReturnDate: '2026-03-08', returnedLate: true });
    expect(typed).toMatchObject({
      lentOn: null,
      partner: { userId: null, contactId: null, name: 'Uncle Tom', deleted: false },
    });
  });

  it('shows an address-book entry by its current name', async () => {
    const owner = await createUser(t.db);
    const granny = await createContact(t.db, owner, { name: 'Granny Smith' });
    const pot = await createItem(t.db, owner, { name: 'Pot' });
    await recordedLoan(t, pot, { borrowerContactId: granny.id, borrowerName: 'Granny Smith' });
    await t.db.update(contacts).set({ name: 'Nonna' }).where(eq(contacts.id, granny.id));
    const [loan] = await readAs<LoanHistoryEntry[]>(t, owner, `/api/items/${pot.id}/loans`);
    expect(loan?.partner).toEqual({ userId: null, contactId: granny.id, name: 'Nonna', deleted: false });
  });
});

describe('GET /api/contacts/{id}/loans', () => {
  it('answers 401 signed out and 404 for anyone else’s address-book entry', async () => {
    const url = `/api/contacts/${w.alicesBob.id}/loans`;
    expect((await t.request(null, { method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request(w.dave, { method: 'GET', url })).statusCode).toBe(404);
    // Bob is the person of that entry, yet it is Alice's record: 404, not even 403.
    expect((await t.request(w.bob, { method: 'GET', url })).statusCode).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.request(w.alice, { method: 'GET', url: `/api/contacts/${missing}/loans` })).statusCode).toBe(404);
  });

  it('shows the owner what they lent the contact, disputed included, and what they borrowed from them', async () => {
    const history = await readAs<ContactLoanHistory>(t, w.alice, `/api/contacts/${w.alicesBob.id}/loans`);
    expect(history.loans.map((loan) => [loan.id, loan.role, loan.status])).toEqual([
      [w.loans.disputed.id, 'lent', 'disputed'],
      [w.loans.late.id, 'lent', 'returned'],
      [w.loans.tentLoan.id, 'borrowed', 'returned'],
    ]);
    // The dispute ended a loan that never happened: not counted.
    expect(history.counts).toEqual({ lent: 1, borrowed: 1 });
    expect(history.loans[2]).toMatchObject({
      itemId: w.tent.id,
      itemName: 'Tent',
      partner: { userId: w.bob.id, contactId: w.alicesBob.id, name: 'Bob Builder', deleted: false },
      returnedLate: false,
    });
  });

  it('shows the borrower their side: no disputed loan, and the owner through their own entry', async () => {
    const history = await readAs<ContactLoanHistory>(t, w.bob, `/api/contacts/${w.bobsAlice.id}/loans`);
    expect(history.loans.map((loan) => [loan.id, loan.role])).toEqual([
      [w.loans.late.id, 'borrowed'],
      [w.loans.tentLoan.id, 'lent'],
    ]);
    expect(history.counts).toEqual({ lent: 1, borrowed: 1 });
    expect(history.loans[0]?.partner).toEqual({
      userId: w.alice.id,
      contactId: w.bobsAlice.id,
      name: 'Alice',
      deleted: false,
    });
  });

  it('never shows a third person’s loans with the same contact', async () => {
    const erinsView = await readAs<ContactLoanHistory>(t, w.erin, `/api/contacts/${w.erinsBob.id}/loans`);
    expect(erinsView.counts).toEqual({ lent: 1, borrowed: 1 });
    const itemNames = erinsView.loans.map((loan) => loan.itemName).sort();
    expect(itemNames).toEqual(['Bike', 'Tent']);
    const ids = erinsView.loans.map((loan) => loan.id);
    expect(ids).not.toContain(w.loans.tentLoan.id);
    expect(ids).not.toContain(w.loans.late.id);
  });

  it('shows an entry without an account the loans recorded for it only', async () => {
    const history = await readAs<ContactLoanHistory>(t, w.alice, `/api/contacts/${w.grandma.id}/loans`);
    expect(history.loans.map((loan) => loan.id)).toEqual([w.loans.grandmas.id]);
    expect(history.counts).toEqual({ lent: 1, borrowed: 0 });
  });
});

describe('GET /api/user/loan-counts', () => {
  it('answers 401 signed out', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/user/loan-counts' })).statusCode).toBe(401);
  });

  it('counts each person’s own loans that happened, any origin, disputed left out', async () => {
    const counts = async (user: User) => readAs<LoanCounts>(t, user, '/api/user/loan-counts');
    // Alice: Bob (late), Grandma, Uncle Tom, Carol; borrowed the tent.
    expect(await counts(w.alice)).toEqual({ lent: 4, borrowed: 1 });
    // Bob: lent the tent to Alice and Erin; borrowed the drill and Erin's bike (not the disputed loan).
    expect(await counts(w.bob)).toEqual({ lent: 2, borrowed: 2 });
    expect(await counts(w.carol)).toEqual({ lent: 0, borrowed: 1 });
    expect(await counts(w.dave)).toEqual({ lent: 0, borrowed: 0 });
  });
});
