import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanCondition } from '@/contract/schemas/loan-condition';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { exportedAccount } from '../../../../tests/support/account-export';
import { createUser } from '../../../../tests/support/factories';
import { addMember, createGroup } from '../../../../tests/support/group-factories';
import { shareWithGroup } from '../../../../tests/support/item-factories';
import { borrowedLoan, ownerStep } from '../../../../tests/support/loans';
import { photoCalls, type User } from '../../../../tests/support/photos';
import { itemPhotos, lendingRequests, loanReports, messages, notifications } from '../../db/schema';

/**
 * A loan's condition and problems (issue 36, docs/decisions/0048) through
 * the real routes: who may add, see and answer each record (the loan's two
 * people only), when each is open, and who is told.
 */
let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

const photos = photoCalls(() => t);
const upload = (user: User) => photos.uploadedId(user, jpeg);

const condition = (user: User | null, loanId: string) =>
  t.request(user, { method: 'GET', url: `/api/lending-requests/${loanId}/condition` });
const saveEntry = (user: User | null, loanId: string, stage: string, payload: object) =>
  t.request(user, { method: 'PUT', url: `/api/lending-requests/${loanId}/condition/${stage}`, payload });
const assess = (user: User | null, loanId: string, payload: object) =>
  t.request(user, { method: 'PUT', url: `/api/lending-requests/${loanId}/return-assessment`, payload });
const answer = (user: User | null, loanId: string, text: string) =>
  t.request(user, {
    method: 'PUT',
    url: `/api/lending-requests/${loanId}/return-assessment/answer`,
    payload: { answer: text },
  });
const report = (user: User | null, loanId: string, payload: object) =>
  t.request(user, { method: 'POST', url: `/api/lending-requests/${loanId}/problems`, payload });
const settle = (user: User | null, loanId: string, problemId: string) =>
  t.request(user, { method: 'POST', url: `/api/lending-requests/${loanId}/problems/${problemId}/settle` });

async function read(user: User, loanId: string): Promise<LoanCondition> {
  const response = await condition(user, loanId);
  expect(response.statusCode).toBe(200);
  return response.json<LoanCondition>();
}

/** Alice's drill out with Bob; Dave a stranger; Gina in a group the drill is shared with (she sees the item). */
async function loanOut() {
  const loan = await borrowedLoan(t);
  const gina = await createUser(t.db, { name: 'Gina' });
  const group = await createGroup(t.db, loan.owner, { name: 'Street' });
  await addMember(t.db, group, gina);
  await shareWithGroup(t.db, loan.item, group);
  return { ...loan, gina };
}

async function returned(loan: Awaited<ReturnType<typeof loanOut>>) {
  await ownerStep(t, loan.owner, loan.loanId, 'returned');
}

const systemMessages = (loanId: string, event: string) =>
  t.db
    .select({ senderId: messages.senderId, receiverId: messages.receiverId })
    .from(messages)
    .where(and(eq(messages.lendingRequestId, loanId), eq(messages.systemEvent, event as 'loan_problem_reported')));

describe('who may see a loan’s condition', () => {
  it('answers 401 signed out, 404 to a stranger and to a group co-member who sees the item, 200 to both people', async () => {
    const loan = await loanOut();
    expect((await condition(null, loan.loanId)).statusCode).toBe(401);
    expect((await condition(loan.stranger, loan.loanId)).statusCode).toBe(404);
    expect((await condition(loan.gina, loan.loanId)).statusCode).toBe(404);
    const owner = await read(loan.owner, loan.loanId);
    const borrower = await read(loan.requester, loan.loanId);
    expect([owner.viewer, borrower.viewer]).toEqual(['owner', 'borrower']);
    expect(owner.allowed).toEqual({
      handover: true,
      return: false,
      assess: false,
      answer: false,
      reportProblem: false,
      settle: false,
      thank: false,
    });
    expect(borrower.allowed).toMatchObject({ handover: true, reportProblem: true, settle: false });
  });

  it('refuses every write to anyone but the two people, and to anyone signed out', async () => {
    const loan = await loanOut();
    for (const user of [null, loan.stranger, loan.gina]) {
      const expected = user === null ? 401 : 404;
      expect((await saveEntry(user, loan.loanId, 'handover', { note: 'x' })).statusCode).toBe(expected);
      expect((await report(user, loan.loanId, { kind: 'broke' })).statusCode).toBe(expected);
      expect((await assess(user, loan.loanId, { outcome: 'fine' })).statusCode).toBe(expected);
      expect((await answer(user, loan.loanId, 'x')).statusCode).toBe(expected);
    }
    expect(await t.db.select().from(loanReports).where(eq(loanReports.lendingRequestId, loan.loanId))).toEqual([]);
  });
});

describe('condition at hand-out', () => {
  it('each person adds photos and a note; both see both; the photos open for the two people only', async () => {
    const loan = await loanOut();
    const [a, b] = [await upload(loan.owner), await upload(loan.owner)];
    const c = await upload(loan.requester);
    expect(
      (
        await saveEntry(loan.owner, loan.loanId, 'handover', {
          note: 'Complete, charged, 2 batteries',
          photoIds: [b, a],
        })
      ).statusCode,
    ).toBe(204);
    expect((await saveEntry(loan.requester, loan.loanId, 'handover', { photoIds: [c] })).statusCode).toBe(204);

    for (const reader of [loan.owner, loan.requester]) {
      const seen = await read(reader, loan.loanId);
      expect(seen.entries.map((e) => [e.stage, e.by, e.note, e.photos.map((p) => p.id)])).toEqual([
        ['handover', 'owner', 'Complete, charged, 2 batteries', [b, a]],
        ['handover', 'borrower', null, [c]],
      ]);
      for (const id of [a, c]) expect((await photos.getPhoto(reader, id)).statusCode).toBe(200);
    }
    for (const outsider of [loan.stranger, loan.gina]) {
      expect((await photos.getPhoto(outsider, a)).statusCode).toBe(404);
      expect((await photos.getCard(outsider, c)).statusCode).toBe(404);
    }
  });

  it('saving again replaces one’s own entry: a photo left out is deleted with its bytes', async () => {
    const loan = await loanOut();
    const [a, b] = [await upload(loan.owner), await upload(loan.owner)];
    await saveEntry(loan.owner, loan.loanId, 'handover', { note: 'First', photoIds: [a, b] });
    expect((await saveEntry(loan.owner, loan.loanId, 'handover', { note: 'Second', photoIds: [b] })).statusCode).toBe(
      204,
    );
    const seen = await read(loan.owner, loan.loanId);
    expect(seen.entries).toHaveLength(1);
    expect(seen.entries[0]).toMatchObject({ note: 'Second', photos: [{ id: b }] });
    expect(await t.db.select().from(itemPhotos).where(eq(itemPhotos.id, a))).toEqual([]);
  });

  it('refuses someone else’s upload, an item’s photo, more than 4 photos and an empty entry, changing nothing', async () => {
    const loan = await loanOut();
    const bobs = await upload(loan.requester);
    const own = await upload(loan.owner);
    const itemPhoto = await upload(loan.owner);
    await photos.createItemWithPhotos(loan.owner, [itemPhoto]);
    for (const photoIds of [[bobs], [own, itemPhoto]]) {
      const response = await saveEntry(loan.owner, loan.loanId, 'handover', { note: 'x', photoIds });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('photo_not_available');
    }
    const five = await Promise.all(Array.from({ length: 5 }, () => upload(loan.owner)));
    const tooMany = await saveEntry(loan.owner, loan.loanId, 'handover', { photoIds: five });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.issues).toEqual([{ path: 'photoIds', messageKey: 'validation.tooManyPhotos' }]);
    const empty = await saveEntry(loan.owner, loan.loanId, 'handover', { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues).toEqual([{ path: 'note', messageKey: 'validation.conditionEmpty' }]);
    expect((await read(loan.owner, loan.loanId)).entries).toEqual([]);
    // The refused upload is still the uploader's own, unsaved.
    const [row] = await t.db.select().from(itemPhotos).where(eq(itemPhotos.id, own));
    expect(row).toMatchObject({ reportId: null, itemId: null });
  });

  it('a condition photo cannot be taken into an item', async () => {
    const loan = await loanOut();
    const a = await upload(loan.owner);
    await saveEntry(loan.owner, loan.loanId, 'handover', { photoIds: [a] });
    const item = await t.request(loan.owner, {
      method: 'POST',
      url: '/api/items',
      payload: { name: 'Saw', category: 'tools', photoIds: [a] },
    });
    expect(item.statusCode).toBe(422);
  });

  it('is closed before the hand-over and after the return (409)', async () => {
    const accepted = await borrowedLoan(t, 10, false);
    const early = await saveEntry(accepted.owner, accepted.loanId, 'handover', { note: 'x' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('loan_report_closed');
    const loan = await loanOut();
    await returned(loan);
    expect((await saveEntry(loan.owner, loan.loanId, 'handover', { note: 'x' })).statusCode).toBe(409);
  });
});

describe('condition at return', () => {
  it('both add the return condition; the owner says “damaged”; the borrower is told and answers once', async () => {
    const loan = await loanOut();
    expect((await saveEntry(loan.owner, loan.loanId, 'return', { note: 'x' })).statusCode).toBe(409);
    await returned(loan);
    const photo = await upload(loan.owner);
    expect(
      (await saveEntry(loan.owner, loan.loanId, 'return', { note: 'Chuck cracked', photoIds: [photo] })).statusCode,
    ).toBe(204);
    expect((await saveEntry(loan.requester, loan.loanId, 'return', { note: 'Gave it back clean' })).statusCode).toBe(
      204,
    );

    expect((await assess(loan.requester, loan.loanId, { outcome: 'fine' })).statusCode).toBe(403);
    expect((await assess(loan.owner, loan.loanId, { outcome: 'broken' })).statusCode).toBe(400);
    expect(
      (await assess(loan.owner, loan.loanId, { outcome: 'damaged', note: 'The chuck is cracked' })).statusCode,
    ).toBe(204);
    expect(await systemMessages(loan.loanId, 'loan_return_assessed')).toEqual([
      { senderId: loan.owner.id, receiverId: loan.requester.id },
    ]);
    const told = await t.db
      .select({ kind: notifications.kind, event: notifications.event })
      .from(notifications)
      .where(eq(notifications.userId, loan.requester.id));
    expect(told).toContainEqual({ kind: 'handover', event: 'loan_return_assessed' });

    expect((await read(loan.requester, loan.loanId)).allowed).toMatchObject({ answer: true, assess: false });
    expect((await answer(loan.owner, loan.loanId, 'Mine')).statusCode).toBe(403);
    expect((await answer(loan.requester, loan.loanId, 'It was cracked before')).statusCode).toBe(204);
    const second = await answer(loan.requester, loan.loanId, 'Again');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('loan_report_closed');
    // Answered: the owner's word stands as answered.
    expect((await assess(loan.owner, loan.loanId, { outcome: 'fine' })).statusCode).toBe(409);

    const seen = await read(loan.owner, loan.loanId);
    expect(seen.assessment).toMatchObject({
      outcome: 'damaged',
      note: 'The chuck is cracked',
      answer: 'It was cracked before',
    });
    expect(seen.entries.map((e) => [e.stage, e.by])).toEqual([
      ['return', 'owner'],
      ['return', 'borrower'],
    ]);
    // The item's loan history shows the outcome to its owner; nobody else reads that list.
    const history = await t.request(loan.owner, { method: 'GET', url: `/api/items/${loan.item.id}/loans` });
    expect(history.json()).toEqual([expect.objectContaining({ id: loan.loanId, returnCondition: 'damaged' })]);
  });

  it('closes 14 days after the return, in the community’s days', async () => {
    const loan = await loanOut();
    await returned(loan);
    await t.db
      .update(lendingRequests)
      .set({ returnedOn: sql`current_date - 15`, lentOn: sql`current_date - 20` })
      .where(eq(lendingRequests.id, loan.loanId));
    expect((await saveEntry(loan.owner, loan.loanId, 'return', { note: 'x' })).statusCode).toBe(409);
    expect((await assess(loan.owner, loan.loanId, { outcome: 'fine' })).statusCode).toBe(409);
    expect((await report(loan.owner, loan.loanId, { kind: 'broke' })).statusCode).toBe(409);
    expect((await read(loan.owner, loan.loanId)).allowed).toMatchObject({
      return: false,
      assess: false,
      reportProblem: false,
    });
  });
});

describe('“something’s wrong”', () => {
  it('the borrower reports while it is out; the owner is told at once; the flag stays until the owner settles', async () => {
    const loan = await loanOut();
    const photo = await upload(loan.requester);
    expect((await report(loan.owner, loan.loanId, { kind: 'broke' })).statusCode).toBe(409);
    expect((await report(loan.requester, loan.loanId, { kind: 'melted' })).statusCode).toBe(400);
    const reported = await report(loan.requester, loan.loanId, {
      kind: 'part_missing',
      note: 'The charger was not in the box',
      photoIds: [photo],
    });
    expect(reported.statusCode).toBe(201);
    const problemId = reported.json<{ id: string }>().id;
    expect(await systemMessages(loan.loanId, 'loan_problem_reported')).toEqual([
      { senderId: loan.requester.id, receiverId: loan.owner.id },
    ]);
    const ownerTold = await t.db
      .select({ event: notifications.event })
      .from(notifications)
      .where(eq(notifications.userId, loan.owner.id));
    expect(ownerTold).toContainEqual({ event: 'loan_problem_reported' });

    const seen = await read(loan.owner, loan.loanId);
    expect(seen.problems).toEqual([
      expect.objectContaining({
        id: problemId,
        kind: 'part_missing',
        by: 'borrower',
        note: 'The charger was not in the box',
        settledAt: null,
      }),
    ]);
    expect(seen.allowed.settle).toBe(true);
    // The loan carries the flag, on both people's lists.
    const received = await t.request(loan.owner, { method: 'GET', url: '/api/lending-requests/received' });
    expect(received.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: loan.loanId, openProblem: true })]),
    );
    expect((await photos.getPhoto(loan.owner, photo)).statusCode).toBe(200);
    expect((await photos.getPhoto(loan.gina, photo)).statusCode).toBe(404);

    expect((await settle(loan.requester, loan.loanId, problemId)).statusCode).toBe(403);
    expect((await settle(loan.owner, loan.loanId, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await settle(loan.owner, loan.loanId, problemId)).statusCode).toBe(204);
    expect(await systemMessages(loan.loanId, 'loan_problem_settled')).toEqual([
      { senderId: loan.owner.id, receiverId: loan.requester.id },
    ]);
    expect((await settle(loan.owner, loan.loanId, problemId)).statusCode).toBe(409);
    const after = await read(loan.requester, loan.loanId);
    expect(after.problems[0]?.settledAt).not.toBeNull();
    expect(after.allowed.settle).toBe(false);
    const sent = await t.request(loan.requester, { method: 'GET', url: '/api/lending-requests/sent' });
    expect(sent.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: loan.loanId, openProblem: false })]),
    );
  });

  it('a problem of another loan cannot be settled through this one', async () => {
    const first = await loanOut();
    const other = await loanOut();
    const reported = await report(other.requester, other.loanId, { kind: 'other', note: 'Wobbles' });
    const problemId = reported.json<{ id: string }>().id;
    expect((await settle(first.owner, first.loanId, problemId)).statusCode).toBe(404);
    expect((await settle(first.owner, other.loanId, problemId)).statusCode).toBe(404);
  });

  it('the owner may report after the return, and the borrower may no longer', async () => {
    const loan = await loanOut();
    await returned(loan);
    expect((await report(loan.requester, loan.loanId, { kind: 'broke' })).statusCode).toBe(409);
    const reported = await report(loan.owner, loan.loanId, { kind: 'not_working', note: 'Will not start' });
    expect(reported.statusCode).toBe(201);
    expect(await systemMessages(loan.loanId, 'loan_problem_reported')).toEqual([
      { senderId: loan.owner.id, receiverId: loan.requester.id },
    ]);
  });
});

describe('export and deletion', () => {
  it('the export holds the records one wrote with their photos, and the word on the return', async () => {
    const loan = await loanOut();
    const photo = await upload(loan.requester);
    await saveEntry(loan.requester, loan.loanId, 'handover', { note: 'Scratch on the side', photoIds: [photo] });
    await returned(loan);
    await assess(loan.owner, loan.loanId, { outcome: 'wear' });
    const exported = await exportedAccount<{
      loanReports: { kind: string; note: string; photos: { id: string; dataBase64: string }[] }[];
      returnAssessments: { role: string; outcome: string }[];
    }>(t, loan.requester.id);
    expect(exported.loanReports).toEqual([
      expect.objectContaining({
        kind: 'handover',
        note: 'Scratch on the side',
        photos: [expect.objectContaining({ id: photo })],
      }),
    ]);
    expect(exported.loanReports[0]?.photos[0]?.dataBase64.length).toBeGreaterThan(100);
    expect(exported.returnAssessments).toEqual([expect.objectContaining({ role: 'borrower', outcome: 'wear' })]);
  });

  it('a deleted borrower’s records stay with a loan the owner keeps; a deleted owner’s go with the loans that go', async () => {
    const loan = await loanOut();
    const photo = await upload(loan.requester);
    await saveEntry(loan.requester, loan.loanId, 'handover', { note: 'Scratch', photoIds: [photo] });
    const deleted = await t.request(loan.requester, {
      method: 'DELETE',
      url: `/api/gdpr/delete-account/${loan.requester.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const seen = await read(loan.owner, loan.loanId);
    expect(seen.entries).toEqual([
      expect.objectContaining({ by: 'borrower', note: 'Scratch', photos: [expect.objectContaining({ id: photo })] }),
    ]);
    expect((await photos.getPhoto(loan.owner, photo)).statusCode).toBe(200);

    const other = await loanOut();
    const ownersPhoto = await upload(other.owner);
    await saveEntry(other.owner, other.loanId, 'handover', { photoIds: [ownersPhoto] });
    await t.request(other.owner, { method: 'DELETE', url: `/api/gdpr/delete-account/${other.owner.id}` });
    expect(await t.db.select().from(loanReports).where(eq(loanReports.lendingRequestId, other.loanId))).toEqual([]);
    expect(await t.db.select().from(itemPhotos).where(eq(itemPhotos.id, ownersPhoto))).toEqual([]);
  });
});
