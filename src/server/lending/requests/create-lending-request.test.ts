import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { createLendingRequest, createUser } from '../../../../tests/support/factories';
import { addMember, createGroup } from '../../../../tests/support/group-factories';
import { createItem, shareWithGroup } from '../../../../tests/support/item-factories';
import { contacts, items, lendingRequests } from '../../db/schema';
import { earliestReservationDate, latestLocalToday } from '../../dates/calendar-dates';
import { addDays, latestBorrowStart } from '@/contract/schemas/lending';
import { addViewer, borrowPayload, FROM, inDays, lendingParties, UNTIL } from '../../../../tests/support/lending';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (actor: { id: string } | null, payload: Record<string, unknown>) =>
  t.request(actor, { method: 'POST', url: '/api/lending-requests', payload });

const keysOf = (body: { error: { issues?: { path: string; messageKey: string }[] } }) =>
  Object.fromEntries((body.error.issues ?? []).map((issue) => [issue.path, issue.messageKey]));

const requestsFor = (itemId: string) => t.db.select().from(lendingRequests).where(eq(lendingRequests.itemId, itemId));

describe('POST /api/lending-requests', () => {
  it('creates a pending request for a shared, available item and answers with the request', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const response = await post(
      requester,
      borrowPayload(item.id, { requesterId: requester.id, ownerId: owner.id, message: '  For the shelves  ' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      itemId: item.id,
      requesterId: requester.id,
      ownerId: owner.id,
      message: 'For the shelves',
      requestedFrom: FROM,
      expectedReturnDate: UNTIL,
      status: 'pending',
      ownerResponse: null,
      respondedAt: null,
      item: { name: 'Drill', category: 'tools', description: 'Cordless, two batteries', imageUrl: null },
      requester: { name: 'Bob' },
      owner: { name: 'Alice' },
    });
    expect(await requestsFor(item.id)).toHaveLength(1);
  });

  it('reaches items shared through a group as well (the one visibility rule)', async () => {
    const owner = await createUser(t.db);
    const member = await createUser(t.db);
    const group = await createGroup(t.db, owner);
    await addMember(t.db, group, member);
    const item = await createItem(t.db, owner);
    await shareWithGroup(t.db, item, group);
    expect((await post(member, borrowPayload(item.id))).statusCode).toBe(201);
  });

  it('answers 404 for an item the requester cannot see, a removed contact, or no item at all', async () => {
    const { owner, requester, stranger, item } = await lendingParties(t);
    expect((await post(stranger, borrowPayload(item.id))).statusCode).toBe(404);
    expect((await post(requester, borrowPayload('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    await t.db.delete(contacts).where(and(eq(contacts.userId, owner.id), eq(contacts.contactUserId, requester.id)));
    const removed = await post(requester, borrowPayload(item.id));
    expect(removed.statusCode).toBe(404);
    expect(removed.json().error.code).toBe('not_found');
    expect(await requestsFor(item.id)).toEqual([]);
  });

  it('refuses the owner’s own item (400 own_item_request)', async () => {
    const { owner, item } = await lendingParties(t);
    const response = await post(owner, borrowPayload(item.id));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('own_item_request');
  });

  it('refuses an item in use (item_not_available), and days promised or lent to someone else with the days held and the nearest free period', async () => {
    const { owner, requester, item } = await lendingParties(t);
    await t.db.update(items).set({ status: 'in_use' }).where(eq(items.id, item.id));
    const inUse = await post(requester, borrowPayload(item.id));
    expect([inUse.statusCode, inUse.json().error.code]).toEqual([409, 'item_not_available']);

    await t.db.update(items).set({ status: 'available' }).where(eq(items.id, item.id));
    const carol = await addViewer(t, owner, item);
    const promisedFlag = async () => {
      const page = await t.request(requester, { method: 'GET', url: '/api/items/available' });
      return page.json().items.map((shown: { promised: boolean }) => shown.promised);
    };
    expect(await promisedFlag()).toEqual([false]);
    // Carol has the week the requester asks for, and two days more.
    await createLendingRequest(t.db, item, carol, {
      status: 'accepted',
      requestedFrom: inDays(5),
      expectedReturnDate: inDays(16),
    });
    expect(await promisedFlag()).toEqual([true]);
    const promised = await post(
      requester,
      borrowPayload(item.id, { requestedFrom: inDays(7), expectedReturnDate: inDays(14) }),
    );
    expect(promised.statusCode).toBe(409);
    expect(promised.json().error).toMatchObject({
      code: 'item_booked',
      // Never who: only the days, and the nearest free eight days (after Carol's, closer than before it).
      conflict: { from: inDays(5), until: inDays(16), suggestion: { from: inDays(17), until: inDays(24) } },
    });
    expect(promised.body).not.toContain('Carol');

    // Once handed out, the days of the current loan are "lent to someone else" (spec §4) …
    await t.db.update(lendingRequests).set({ status: 'borrowed' }).where(eq(lendingRequests.itemId, item.id));
    await t.db.update(items).set({ status: 'borrowed' }).where(eq(items.id, item.id));
    const lent = await post(
      requester,
      borrowPayload(item.id, { requestedFrom: inDays(10), expectedReturnDate: inDays(12) }),
    );
    expect([lent.statusCode, lent.json().error.code]).toEqual([409, 'item_lent_to_someone_else']);
    expect((await requestsFor(item.id)).filter((row) => row.requesterId === requester.id)).toEqual([]);
    // … and the days after it can be asked for while it is out (docs/decisions/0047).
    const later = await post(
      requester,
      borrowPayload(item.id, { requestedFrom: inDays(17), expectedReturnDate: inDays(20) }),
    );
    expect(later.statusCode).toBe(201);
  });

  it('holds an overdue loan through today: days from today are "lent to someone else", later ones free', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const carol = await addViewer(t, owner, item);
    await createLendingRequest(t.db, item, carol, {
      status: 'borrowed',
      requestedFrom: inDays(-10),
      lentOn: inDays(-10),
      expectedReturnDate: inDays(-2),
    });
    await t.db.update(items).set({ status: 'borrowed' }).where(eq(items.id, item.id));
    const today = await post(
      requester,
      borrowPayload(item.id, { requestedFrom: inDays(0), expectedReturnDate: inDays(3) }),
    );
    expect(today.statusCode).toBe(409);
    expect(today.json().error).toMatchObject({
      code: 'item_lent_to_someone_else',
      conflict: { from: inDays(-10), until: inDays(0), suggestion: { from: inDays(1), until: inDays(4) } },
    });
    expect(
      (await post(requester, borrowPayload(item.id, { requestedFrom: inDays(1), expectedReturnDate: inDays(3) })))
        .statusCode,
    ).toBe(201);
  });

  it('refuses days the owner keeps for personal use (not why), and accepts later days and any once the date is today anywhere', async () => {
    const { owner, requester, item } = await lendingParties(t);
    await t.db
      .update(items)
      .set({ personalUseUntil: inDays(20) })
      .where(eq(items.id, item.id));
    const reserved = await post(requester, borrowPayload(item.id));
    expect([reserved.statusCode, reserved.json().error.code]).toEqual([409, 'item_booked']);

    // The day it is available again is free: busy through the day before.
    expect(reserved.json().error.conflict).toMatchObject({ until: inDays(19) });
    expect(reserved.body).not.toMatch(/personal/i);
    // Days after the reservation can be asked for (docs/decisions/0047).
    const after = await post(
      requester,
      borrowPayload(item.id, { requestedFrom: inDays(30), expectedReturnDate: inDays(31) }),
    );
    expect(after.statusCode).toBe(201);

    await t.db.update(items).set({ personalUseUntil: latestLocalToday() }).where(eq(items.id, item.id));
    const carol = await addViewer(t, owner, item);
    expect((await post(carol, borrowPayload(item.id))).statusCode).toBe(201);
  });

  it('allows one open request per requester and item (409 request_already_active), and a new one after a decline', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const first = await post(requester, borrowPayload(item.id));
    expect(first.statusCode).toBe(201);
    const again = await post(requester, borrowPayload(item.id));
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'request_already_active']);

    const declined = await t.request(owner, {
      method: 'PUT',
      url: `/api/lending-requests/${first.json().id}`,
      payload: { status: 'declined', ownerResponse: 'Not this week' },
    });
    expect(declined.statusCode).toBe(200);
    const afterDecline = await post(requester, borrowPayload(item.id));
    expect(afterDecline.statusCode).toBe(201);
    expect((await requestsFor(item.id)).map((row) => row.status).sort()).toEqual(['declined', 'pending']);
  });

  it('lets two people ask for the same item at once', async () => {
    const { owner, requester, item } = await lendingParties(t);
    const carol = await addViewer(t, owner, item);
    expect((await post(requester, borrowPayload(item.id))).statusCode).toBe(201);
    expect((await post(carol, borrowPayload(item.id))).statusCode).toBe(201);
  });

  it('creates one request when the same person double-taps (concurrent posts)', async () => {
    const { requester, item } = await lendingParties(t);
    const answers = await Promise.all([1, 2, 3].map(() => post(requester, borrowPayload(item.id))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().error.code).toBe('request_already_active');
    }
    expect(await requestsFor(item.id)).toHaveLength(1);
  });

  it('refuses anonymous callers (401), a requesterId that is not the caller and an ownerId that is not the owner (403)', async () => {
    const { requester, stranger, item } = await lendingParties(t);
    expect((await post(null, borrowPayload(item.id))).statusCode).toBe(401);
    const asSomeoneElse = await post(requester, borrowPayload(item.id, { requesterId: stranger.id }));
    expect([asSomeoneElse.statusCode, asSomeoneElse.json().error.code]).toEqual([403, 'permission_denied']);
    const wrongOwner = await post(requester, borrowPayload(item.id, { ownerId: stranger.id }));
    expect([wrongOwner.statusCode, wrongOwner.json().error.code]).toEqual([403, 'permission_denied']);
    expect(await requestsFor(item.id)).toEqual([]);
  });

  it.each([
    [{ expectedReturnDate: inDays(6) }, 'expectedReturnDate', 'validation.borrowUntilBeforeFrom'],
    [{ requestedFrom: inDays(400), expectedReturnDate: inDays(401) }, 'requestedFrom', 'validation.borrowFromTooLate'],
    [{ expectedReturnDate: addDays(FROM, 366) }, 'expectedReturnDate', 'validation.borrowLoanTooLong'],
    [{ requestedFrom: '2020-01-01', expectedReturnDate: '2020-01-02' }, 'requestedFrom', 'validation.dateInPast'],
    [{ message: '   ' }, 'message', 'validation.borrowMessageRequired'],
    [{ message: undefined }, 'message', 'validation.borrowMessageRequired'],
    [{ message: 'x'.repeat(501) }, 'message', 'validation.messageTooLong'],
    [{ message: 'bad\u0000byte' }, 'message', 'validation.invalidCharacters'],
    [{ requestedFrom: '2099-02-30' }, 'requestedFrom', 'validation.dateInvalid'],
    [{ expectedReturnDate: 'next week' }, 'expectedReturnDate', 'validation.dateInvalid'],
    [{ itemId: 'not-a-uuid' }, 'itemId', 'errors.invalid_input'],
  ])('refuses %j: %s → %s (400)', async (overrides, path, messageKey) => {
    const { requester, item } = await lendingParties(t);
    const response = await post(requester, borrowPayload(item.id, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_input');
    expect(keysOf(response.json())[path]).toBe(messageKey);
    expect(await requestsFor(item.id)).toEqual([]);
  });

  it('accepts a start date of yesterday in UTC (a time zone behind UTC still has that today) and a same-day loan', async () => {
    const { requester, item } = await lendingParties(t);
    const earliest = earliestReservationDate();
    const response = await post(
      requester,
      borrowPayload(item.id, { requestedFrom: earliest, expectedReturnDate: earliest }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ requestedFrom: earliest, expectedReturnDate: earliest });
  });

  it('accepts the latest start a form anywhere allows (a year after tomorrow in UTC) and a loan of exactly a year', async () => {
    const { requester, item } = await lendingParties(t);
    const latest = latestBorrowStart(latestLocalToday());
    const until = addDays(latest, 365);
    const response = await post(
      requester,
      borrowPayload(item.id, { requestedFrom: latest, expectedReturnDate: until }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ requestedFrom: latest, expectedReturnDate: until });
  });
});
