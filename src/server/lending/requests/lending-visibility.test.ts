import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { addMember, createGroup } from '../../../../tests/support/group-factories';
import { createItem, shareWithGroup } from '../../../../tests/support/item-factories';
import type { LendingRequest } from '@/contract/schemas/lending';
import { contacts, groupMembers, itemContactPermissions, items } from '../../db/schema';
import { borrowPayload, lendingParties, requestStatus } from '../../../../tests/support/lending';

/*
 * A request outlives the share it was made through. Once the requester may
 * no longer see the item (decision 0009), the owner cannot promise it to
 * them, and their own view of the request stops showing the item's current
 * description and picture.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function requestDrill() {
  const parties = await lendingParties(t);
  await t.db.update(items).set({ imageUrl: 'https://example.org/drill.jpg' }).where(eq(items.id, parties.item.id));
  const created = await t.request(parties.requester, {
    method: 'POST',
    url: '/api/lending-requests',
    payload: borrowPayload(parties.item.id),
  });
  expect(created.statusCode).toBe(201);
  return { ...parties, requestId: (created.json() as LendingRequest).id };
}

function decide(owner: { id: string }, requestId: string, status: 'accepted' | 'declined') {
  return t.request(owner, { method: 'PUT', url: `/api/lending-requests/${requestId}`, payload: { status } });
}

async function removeContact(owner: { id: string }, contactUserId: string) {
  await t.db.delete(contacts).where(and(eq(contacts.userId, owner.id), eq(contacts.contactUserId, contactUserId)));
}

describe('accepting a request', () => {
  it('is refused (409 item_not_available) once the requester was removed as a contact; declining still works', async () => {
    const { owner, requester, requestId } = await requestDrill();
    await removeContact(owner, requester.id);

    const accepted = await decide(owner, requestId, 'accepted');
    expect([accepted.statusCode, accepted.json()]).toMatchObject([409, { error: { code: 'item_not_available' } }]);
    expect(await requestStatus(t, requestId)).toBe('pending');

    const declined = await decide(owner, requestId, 'declined');
    expect([declined.statusCode, declined.json()]).toMatchObject([200, { status: 'declined' }]);
  });

  it('is refused once the share was withdrawn', async () => {
    const { owner, requester, item, requestId } = await requestDrill();
    await t.db
      .update(itemContactPermissions)
      .set({ canView: false })
      .where(and(eq(itemContactPermissions.itemId, item.id), eq(itemContactPermissions.contactUserId, requester.id)));
    expect((await decide(owner, requestId, 'accepted')).statusCode).toBe(409);
  });

  it('is refused once the requester left the group it was shared through, and allowed while they are in it', async () => {
    const { owner, stranger: member } = await lendingParties(t);
    const group = await createGroup(t.db, owner);
    await addMember(t.db, group, member);
    const saw = await createItem(t.db, owner, { name: 'Saw' });
    await shareWithGroup(t.db, saw, group);
    const ask = () =>
      t.request(member, { method: 'POST', url: '/api/lending-requests', payload: borrowPayload(saw.id) });

    const first = (await ask()).json() as LendingRequest;
    expect((await decide(owner, first.id, 'declined')).statusCode).toBe(200);
    const second = (await ask()).json() as LendingRequest;
    await t.db.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, member.id)));
    expect((await decide(owner, second.id, 'accepted')).json()).toMatchObject({
      error: { code: 'item_not_available' },
    });
  });

  it('goes through while the requester still sees the item', async () => {
    const { owner, requestId } = await requestDrill();
    expect((await decide(owner, requestId, 'accepted')).json()).toMatchObject({ status: 'accepted' });
  });
});

describe("the requester's view of a request", () => {
  async function sent(requester: { id: string }) {
    const response = await t.request(requester, { method: 'GET', url: '/api/lending-requests/sent' });
    expect(response.statusCode).toBe(200);
    return response.json() as LendingRequest[];
  }

  it('keeps the item name but no longer shows its description and picture once they cannot see it', async () => {
    const { owner, requester, requestId } = await requestDrill();
    expect((await sent(requester))[0]!.item).toMatchObject({
      name: 'Drill',
      description: 'Cordless, two batteries',
      imageUrl: 'https://example.org/drill.jpg',
    });

    await removeContact(owner, requester.id);
    const [request] = await sent(requester);
    expect(request).toMatchObject({ id: requestId, item: { name: 'Drill', description: null, imageUrl: null } });

    // The answer to their own step reads the same way.
    const withdrawn = await t.request(requester, { method: 'DELETE', url: `/api/lending-requests/${requestId}` });
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', item: { description: null, imageUrl: null } });

    // The owner still sees their own item in full.
    const received = (await t.request(owner, { method: 'GET', url: '/api/lending-requests/received' })).json();
    expect((received as LendingRequest[])[0]!.item).toMatchObject({ description: 'Cordless, two batteries' });
  });
});
