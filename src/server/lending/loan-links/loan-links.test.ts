import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@/contract/limits';
import { addDays } from '@/contract/schemas/lending';
import type { BorrowerLoan, LoanLinkState } from '@/contract/schemas/loan-link';
import { exportedAccount } from '../../../../tests/support/account-export';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { pinClockEarlyInWindow, restoreClockAfterEach } from '../../../../tests/support/clock';
import { appWithCapturedLog } from '../../../../tests/support/captured-log';
import { createLendingRequest, createUser } from '../../../../tests/support/factories';
import { addViewer, inDays } from '../../../../tests/support/lending';
import { photoCalls } from '../../../../tests/support/photos';
import { loanBody, recordedLoan, recordingParties } from '../../../../tests/support/recorded-loans';
import { lendingRequests, loanLinks, notifications } from '../../db/schema';
import { loanLinkTokenHash } from './link-token';

/**
 * Private loan links (issue 36, docs/decisions/0049): the owner of a loan
 * recorded for someone without an account sends a link; whoever holds it
 * sees that loan only and may say "I have it", ask for more time and say
 * "I brought it back". The token: stored hashed, replaced, revoked, ended
 * with the loan, rate limited.
 */
let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#225588' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());
restoreClockAfterEach();

const photos = photoCalls(() => t);
type Who = { id: string } | null;

const makeLink = (user: Who, loanId: string) =>
  t.request(user, { method: 'POST', url: `/api/lending-requests/${loanId}/borrower-link` });
const linkState = (user: Who, loanId: string) =>
  t.request(user, { method: 'GET', url: `/api/lending-requests/${loanId}/borrower-link` });
/** As a holder: no session, from one address. */
const holder = (method: 'GET' | 'POST', url: string, payload?: object, remoteAddress = '198.51.100.7') =>
  t.request(null, { method, url, payload, remoteAddress });

/** Alice lent her drill (with a photo) to Eve, an address-book entry without an account, and made her a link. */
async function linkedLoan() {
  const p = await recordingParties(t);
  const photoId = await photos.uploadedId(p.owner, jpeg);
  await t.request(p.owner, {
    method: 'PUT',
    url: `/api/items/${p.item.id}`,
    payload: { name: 'Drill', category: 'tools', photoIds: [photoId] },
  });
  const loan = await recordedLoan(t, p.owner, p.item.id, loanBody({ contactId: p.unregisteredEntry.id }));
  const made = await makeLink(p.owner, loan.id);
  expect(made.statusCode).toBe(200);
  const url = made.json<{ url: string }>().url;
  const token = url.slice(url.lastIndexOf('/') + 1);
  return { ...p, loan, photoId, url, token };
}

describe('the owner’s link', () => {
  it('is made by the owner only, for a loan to someone without an account; only its hash is stored', async () => {
    const l = await linkedLoan();
    expect(l.url).toMatch(new RegExp(`^${t.config.publicUrl.origin}/loan/[A-Za-z0-9_-]{43}$`));
    expect((await makeLink(null, l.loan.id)).statusCode).toBe(401);
    expect((await makeLink(l.stranger, l.loan.id)).statusCode).toBe(404);
    expect((await makeLink(l.viewer, l.loan.id)).statusCode).toBe(404);
    const [row] = await t.db.select().from(loanLinks).where(eq(loanLinks.lendingRequestId, l.loan.id));
    expect(row?.tokenHash).toBe(loanLinkTokenHash(l.token));
    expect(JSON.stringify(row)).not.toContain(l.token);

    // A loan to someone with an account is theirs in the app: no link.
    const theirs = await recordedLoan(
      t,
      l.owner,
      l.item.id,
      loanBody(
        { contactId: l.borrowerEntry.id },
        { lentOn: inDays(-30), returnedOn: inDays(-20), expectedReturnDate: inDays(-20) },
      ),
    );
    const refused = await makeLink(l.owner, theirs.id);
    expect(refused.statusCode).toBe(409);
  });

  it('a new link stops the old one; turning it off stops it; the loan’s return ends it', async () => {
    const l = await linkedLoan();
    expect((await holder('GET', `/api/loan-links/${l.token}`)).statusCode).toBe(200);
    const second = (await makeLink(l.owner, l.loan.id)).json<{ url: string }>().url;
    const token2 = second.slice(second.lastIndexOf('/') + 1);
    expect((await holder('GET', `/api/loan-links/${l.token}`)).statusCode).toBe(404);
    expect((await holder('GET', `/api/loan-links/${token2}`)).statusCode).toBe(200);

    expect(
      (await t.request(l.viewer, { method: 'DELETE', url: `/api/lending-requests/${l.loan.id}/borrower-link` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request(l.owner, { method: 'DELETE', url: `/api/lending-requests/${l.loan.id}/borrower-link` }))
        .statusCode,
    ).toBe(204);
    expect((await holder('GET', `/api/loan-links/${token2}`)).statusCode).toBe(404);
    expect((await linkState(l.owner, l.loan.id)).json<LoanLinkState>().active).toBe(false);

    const third = (await makeLink(l.owner, l.loan.id)).json<{ url: string }>().url;
    const token3 = third.slice(third.lastIndexOf('/') + 1);
    expect((await holder('GET', `/api/loan-links/${token3}`)).statusCode).toBe(200);
    expect((await t.request(l.owner, { method: 'PUT', url: `/api/items/${l.item.id}/return` })).statusCode).toBe(204);
    expect((await holder('GET', `/api/loan-links/${token3}`)).statusCode).toBe(404);
    expect((await holder('POST', `/api/loan-links/${token3}/have-it`)).statusCode).toBe(404);
  });
});

describe('what the link opens', () => {
  it('the loan only: item, photos, dates, the owner’s first name and hand-out note; noindex; nobody else', async () => {
    const l = await linkedLoan();
    await t.db.update(lendingRequests).set({ itemName: null }).where(eq(lendingRequests.id, l.loan.id));
    const handoverPhoto = await photos.uploadedId(l.owner, jpeg);
    await t.request(l.owner, {
      method: 'PUT',
      url: `/api/lending-requests/${l.loan.id}/condition/handover`,
      payload: { note: 'Charged, two bits', photoIds: [handoverPhoto] },
    });
    const page = await holder('GET', `/api/loan-links/${l.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const loan = page.json<BorrowerLoan>();
    expect(loan).toMatchObject({
      item: { name: 'Drill', category: 'tools' },
      ownerFirstName: 'Alice',
      dueDate: inDays(7),
      lentOn: inDays(-7),
      handover: { note: 'Charged, two bits' },
      handoverConfirmedAt: null,
    });
    // No ids of people, no other names, not the owner's private note on the loan.
    expect(page.body).not.toContain(l.owner.id);
    expect(page.body).not.toContain('For the shelves');
    expect(page.body).not.toContain('Eve');

    const [itemPhoto] = loan.item.photos;
    const [handoverShown] = loan.handover?.photos ?? [];
    expect((await holder('GET', itemPhoto?.url ?? '')).statusCode).toBe(200);
    expect((await holder('GET', `${handoverShown?.url}?size=card`)).statusCode).toBe(200);
    // Another item's photo is not the link's.
    const other = await photos.uploadedId(l.owner, jpeg);
    await photos.createItemWithPhotos(l.owner, [other]);
    expect((await holder('GET', `/api/loan-links/${l.token}/photos/${other}`)).statusCode).toBe(404);
    // The holder of another loan's link: not this loan's hand-out photo, not this loan.
    const other2 = await linkedLoan();
    expect((await holder('GET', `/api/loan-links/${other2.token}/photos/${handoverShown?.id}`)).statusCode).toBe(404);
    expect((await holder('GET', `/api/loan-links/${other2.token}/photos/${itemPhoto?.id}`)).statusCode).toBe(404);
    // A malformed or unknown token: the same 404.
    expect((await holder('GET', '/api/loan-links/not-a-token')).statusCode).toBe(404);
    expect((await holder('GET', `/api/loan-links/${'A'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('“I have it”, “ask for more time” (the owner accepts: the due date moves), “I brought it back”', async () => {
    const l = await linkedLoan();
    expect((await holder('POST', `/api/loan-links/${l.token}/have-it`)).statusCode).toBe(204);
    const tooEarly = await holder('POST', `/api/loan-links/${l.token}/extension`, { requestedUntil: inDays(3) });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().error.issues).toEqual([
      { path: 'requestedUntil', messageKey: 'validation.extensionNotLater' },
    ]);
    expect(
      (await holder('POST', `/api/loan-links/${l.token}/extension`, { requestedUntil: inDays(14), message: 'Exams' }))
        .statusCode,
    ).toBe(204);
    const state = (await linkState(l.owner, l.loan.id)).json<LoanLinkState>();
    expect(state).toMatchObject({
      active: true,
      extension: { until: inDays(14), note: 'Exams', answer: null },
    });
    expect(state.handoverConfirmedAt).not.toBeNull();
    expect((await linkState(l.stranger, l.loan.id)).statusCode).toBe(404);

    const answerAs = (user: Who, answer: string) =>
      t.request(user, { method: 'POST', url: `/api/lending-requests/${l.loan.id}/borrower-link/extension/${answer}` });
    expect((await answerAs(l.viewer, 'accept')).statusCode).toBe(404);
    expect((await answerAs(l.owner, 'accept')).statusCode).toBe(204);
    expect((await answerAs(l.owner, 'decline')).statusCode).toBe(409);
    const [row] = await t.db.select().from(lendingRequests).where(eq(lendingRequests.id, l.loan.id));
    expect(row?.expectedReturnDate).toBe(inDays(14));
    expect((await holder('GET', `/api/loan-links/${l.token}`)).json<BorrowerLoan>()).toMatchObject({
      dueDate: inDays(14),
      extension: { answer: 'accepted' },
    });

    expect((await holder('POST', `/api/loan-links/${l.token}/brought-back`)).statusCode).toBe(204);
    expect((await holder('POST', `/api/loan-links/${l.token}/brought-back`)).statusCode).toBe(204);
    expect((await linkState(l.owner, l.loan.id)).json<LoanLinkState>().returnReportedAt).not.toBeNull();
    // The owner was told of each step, once each, naming the borrower as they wrote her down.
    const told = await t.db
      .select({ event: notifications.event, kind: notifications.kind, payload: notifications.payload })
      .from(notifications)
      .where(eq(notifications.userId, l.owner.id));
    expect(told.map((n) => n.event).sort()).toEqual([
      'loan_link_brought_back',
      'loan_link_have_it',
      'loan_link_more_time',
    ]);
    expect(told.every((n) => n.kind === 'handover')).toBe(true);
    expect(told.find((n) => n.event === 'loan_link_more_time')?.payload).toMatchObject({
      senderName: 'Eve',
      itemName: 'Drill',
      dueDate: inDays(14),
    });
    // The owner confirms by taking it back, as for any loan: the link ends.
    await t.request(l.owner, { method: 'PUT', url: `/api/items/${l.item.id}/return` });
    expect((await holder('GET', `/api/loan-links/${l.token}`)).statusCode).toBe(404);
  });

  it('more time may not run into the next person’s days: refused to the holder, and to the owner if booked since', async () => {
    const l = await linkedLoan();
    const carol = await addViewer(t, l.owner, l.item);
    const due = inDays(7);
    await createLendingRequest(t.db, l.item, carol, {
      status: 'accepted',
      requestedFrom: addDays(due, 4),
      expectedReturnDate: addDays(due, 8),
    });
    const into = await holder('POST', `/api/loan-links/${l.token}/extension`, { requestedUntil: addDays(due, 5) });
    expect(into.statusCode).toBe(409);
    expect(into.json().error).toMatchObject({ code: 'item_booked', conflict: { from: addDays(due, 4) } });
    expect(into.body).not.toContain('Carol');
    // Asked for free days; then someone books them before the owner answers.
    expect(
      (await holder('POST', `/api/loan-links/${l.token}/extension`, { requestedUntil: addDays(due, 3) })).statusCode,
    ).toBe(204);
    const dave = await addViewer(t, l.owner, l.item, 'Dan');
    await createLendingRequest(t.db, l.item, dave, {
      status: 'accepted',
      requestedFrom: addDays(due, 2),
      expectedReturnDate: addDays(due, 3),
    });
    const granted = await t.request(l.owner, {
      method: 'POST',
      url: `/api/lending-requests/${l.loan.id}/borrower-link/extension/accept`,
    });
    expect(granted.statusCode).toBe(409);
    expect(granted.json().error).toMatchObject({ code: 'item_booked', conflict: { from: addDays(due, 2) } });
    const [row] = await t.db.select().from(lendingRequests).where(eq(lendingRequests.id, l.loan.id));
    expect(row?.expectedReturnDate).toBe(due);
  });

  it('is rate limited per address, before any token is looked up', async () => {
    const l = await linkedLoan();
    // The budget is an hour's fixed window: pinned early in one, the hour cannot turn during the test.
    pinClockEarlyInWindow(3_600_000);
    const address = '203.0.113.99';
    for (let i = 0; i < LIMITS.loanLinkRequestsPerHour; i++) {
      const response = await holder('GET', `/api/loan-links/${i === 0 ? l.token : 'x'}`, undefined, address);
      expect(response.statusCode).toBe(i === 0 ? 200 : 404);
    }
    const refused = await holder('GET', `/api/loan-links/${l.token}`, undefined, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not held back.
    expect((await holder('GET', `/api/loan-links/${l.token}`, undefined, '203.0.113.100')).statusCode).toBe(200);
  });
});

describe('joining through the link', () => {
  it('hands out the owner’s invitation for the entry; joining links the loan to the new account and ends the link', async () => {
    const l = await linkedLoan();
    const joined = await holder('POST', `/api/loan-links/${l.token}/join`);
    expect(joined.statusCode).toBe(200);
    const inviteUrl = new URL(joined.json<{ inviteUrl: string }>().inviteUrl);
    expect(inviteUrl.pathname).toBe('/invite');
    const eve = await createUser(t.db, { name: 'Eve Newcomer' });
    const processed = await t.request(eve, {
      method: 'POST',
      url: '/api/referral/process',
      payload: { referralData: inviteUrl.searchParams.get('ref') },
    });
    expect(processed.statusCode).toBe(200);
    const [row] = await t.db.select().from(lendingRequests).where(eq(lendingRequests.id, l.loan.id));
    expect(row?.requesterId).toBe(eve.id);
    // The loan is hers in the app now: the link opens nothing.
    expect((await holder('GET', `/api/loan-links/${l.token}`)).statusCode).toBe(404);
  });

  it('a loan for a typed name has no entry to invite (409)', async () => {
    const p = await recordingParties(t);
    const loan = await recordedLoan(t, p.owner, p.item.id, loanBody({ name: 'Uncle Tom' }));
    const url = (await makeLink(p.owner, loan.id)).json<{ url: string }>().url;
    const token = url.slice(url.lastIndexOf('/') + 1);
    const refused = await holder('POST', `/api/loan-links/${token}/join`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.messageKey).toBe('errors.loan_link_join_unavailable');
  });
});

describe('the export', () => {
  it('holds the owner’s links without the link, and what the holder said', async () => {
    const l = await linkedLoan();
    await holder('POST', `/api/loan-links/${l.token}/have-it`);
    const exported = await exportedAccount<{ loanLinks: { loanId: string; handoverConfirmedAt: string | null }[] }>(
      t,
      l.owner.id,
    );
    expect(exported.loanLinks).toEqual([expect.objectContaining({ loanId: l.loan.id })]);
    expect(exported.loanLinks[0]?.handoverConfirmedAt).not.toBeNull();
    expect(JSON.stringify(exported)).not.toContain(l.token);
    expect(JSON.stringify(exported)).not.toContain(loanLinkTokenHash(l.token));
  });
});

describe('the log', () => {
  it('never shows a link’s token, on its API or its page', async () => {
    const l = await linkedLoan();
    const { app: logged, log } = await appWithCapturedLog(t);
    try {
      expect((await logged.inject({ method: 'GET', url: `/api/loan-links/${l.token}` })).statusCode).toBe(200);
      await logged.inject({ method: 'GET', url: `/loan/${l.token}` });
      expect(log()).toContain('/api/loan-links/…');
      expect(log()).not.toContain(l.token);
    } finally {
      await logged.close();
    }
  });
});
