import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { itemContactPermissions, itemGroupPermissions } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Alice owns the item; Bob is a registered contact she shared it with; Carol
 * a registered contact she did not tick; Pat a pending (unregistered)
 * contact; Dave a stranger; Gina a member of Alice's group "Garden".
 */
async function scene() {
  const alice = await createUser(t.db, { name: 'Alice' });
  const bob = await createUser(t.db, { name: 'Bob' });
  const carol = await createUser(t.db, { name: 'Carol' });
  const dave = await createUser(t.db, { name: 'Dave' });
  const gina = await createUser(t.db, { name: 'Gina' });
  await createContact(t.db, alice, { contactUserId: bob.id, name: 'Bob B.', phone: '+41791234567' });
  await createContact(t.db, alice, { contactUserId: carol.id, name: 'Carol C.' });
  await createContact(t.db, alice, { name: 'Pat Pending' });
  const garden = await createGroup(t.db, alice, { name: 'Garden' });
  await addMember(t.db, garden, gina);
  const othersGroup = await createGroup(t.db, dave, { name: 'Dave’s club' });
  const item = await createItem(t.db, alice, { name: 'Wheelbarrow' });
  await shareWithUser(t.db, item, bob);
  return { alice, bob, carol, dave, gina, garden, othersGroup, item };
}

describe('GET /api/items/{id}/permissions and /group-permissions', () => {
  it('lists the owner’s registered contacts and own groups with their "Can see" state', async () => {
    const { alice, bob, carol, garden, item } = await scene();
    const contactsResponse = await t.request(alice, { method: 'GET', url: `/api/items/${item.id}/permissions` });
    expect(contactsResponse.json()).toEqual([
      { contactUserId: bob.id, name: 'Bob B.', phone: '+41791234567', canView: true },
      { contactUserId: carol.id, name: 'Carol C.', phone: expect.any(String), canView: false },
    ]);
    const groupsResponse = await t.request(alice, { method: 'GET', url: `/api/items/${item.id}/group-permissions` });
    expect(groupsResponse.json()).toEqual([{ groupId: garden.id, name: 'Garden', memberCount: 2, canView: false }]);
  });

  it.each(['permissions', 'group-permissions'])('%s: anonymous 401, stranger 404, viewer 403', async (path) => {
    const { bob, dave, item } = await scene();
    const url = `/api/items/${item.id}/${path}`;
    expect((await t.request(null, { method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request(dave, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.request(bob, { method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('POST and DELETE /api/permissions', () => {
  const contactShare = (itemId: string, userId: string) =>
    t.db
      .select()
      .from(itemContactPermissions)
      .where(and(eq(itemContactPermissions.itemId, itemId), eq(itemContactPermissions.contactUserId, userId)));

  it('the owner ticks and unticks a registered contact; the change shows at once', async () => {
    const { alice, carol, item } = await scene();
    const seesIt = async () =>
      (await t.request(carol, { method: 'GET', url: `/api/items/${item.id}` })).statusCode === 200;
    expect(await seesIt()).toBe(false);
    const payload = { itemId: item.id, contactUserId: carol.id, canView: true };
    expect((await t.request(alice, { method: 'POST', url: '/api/permissions', payload })).statusCode).toBe(204);
    expect(await seesIt()).toBe(true);
    // Posting again updates rather than duplicates.
    const hidden = { ...payload, canView: false };
    expect((await t.request(alice, { method: 'POST', url: '/api/permissions', payload: hidden })).statusCode).toBe(204);
    expect(await contactShare(item.id, carol.id)).toEqual([expect.objectContaining({ canView: false })]);
    expect(await seesIt()).toBe(false);
    const url = `/api/permissions/${item.id}/${carol.id}`;
    expect((await t.request(alice, { method: 'DELETE', url })).statusCode).toBe(204);
    expect((await t.request(alice, { method: 'DELETE', url })).statusCode).toBe(204);
    expect(await contactShare(item.id, carol.id)).toEqual([]);
  });

  it('refuses a stranger or a pending contact as target (422), and anyone but the owner', async () => {
    const { alice, bob, dave, item } = await scene();
    const toDave = { itemId: item.id, contactUserId: dave.id, canView: true };
    const refused = await t.request(alice, { method: 'POST', url: '/api/permissions', payload: toDave });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('share_target_not_allowed');
    expect(await contactShare(item.id, dave.id)).toEqual([]);

    const toSelf = { itemId: item.id, contactUserId: dave.id, canView: true };
    expect((await t.request(null, { method: 'POST', url: '/api/permissions', payload: toSelf })).statusCode).toBe(401);
    expect((await t.request(dave, { method: 'POST', url: '/api/permissions', payload: toSelf })).statusCode).toBe(404);
    expect((await t.request(bob, { method: 'POST', url: '/api/permissions', payload: toSelf })).statusCode).toBe(403);
    const removal = `/api/permissions/${item.id}/${bob.id}`;
    expect((await t.request(bob, { method: 'DELETE', url: removal })).statusCode).toBe(403);
    expect((await t.request(dave, { method: 'DELETE', url: removal })).statusCode).toBe(404);
    expect((await t.request(null, { method: 'DELETE', url: removal })).statusCode).toBe(401);
    expect(await contactShare(item.id, bob.id)).toHaveLength(1);
  });

  it('refuses malformed bodies with 400', async () => {
    const { alice, item } = await scene();
    for (const payload of [{ itemId: item.id }, { itemId: 'x', contactUserId: alice.id, canView: true }]) {
      expect((await t.request(alice, { method: 'POST', url: '/api/permissions', payload })).statusCode).toBe(400);
    }
  });
});

describe('POST and DELETE /api/group-permissions', () => {
  const groupShare = (itemId: string, groupId: string) =>
    t.db
      .select()
      .from(itemGroupPermissions)
      .where(and(eq(itemGroupPermissions.itemId, itemId), eq(itemGroupPermissions.groupId, groupId)));

  it('the owner shares with a group she belongs to; its members see the item until it is withdrawn', async () => {
    const { alice, gina, garden, item } = await scene();
    const payload = { itemId: item.id, groupId: garden.id, canView: true };
    expect((await t.request(alice, { method: 'POST', url: '/api/group-permissions', payload })).statusCode).toBe(204);
    expect((await t.request(gina, { method: 'GET', url: `/api/items/${item.id}` })).statusCode).toBe(200);
    const url = `/api/group-permissions/${item.id}/${garden.id}`;
    expect((await t.request(alice, { method: 'DELETE', url })).statusCode).toBe(204);
    expect((await t.request(gina, { method: 'GET', url: `/api/items/${item.id}` })).statusCode).toBe(404);
  });

  it('refuses a group the owner is not in (422), and anyone but the owner', async () => {
    const { alice, bob, dave, garden, othersGroup, item } = await scene();
    const foreign = { itemId: item.id, groupId: othersGroup.id, canView: true };
    const refused = await t.request(alice, { method: 'POST', url: '/api/group-permissions', payload: foreign });
    expect(refused.statusCode).toBe(422);
    expect(await groupShare(item.id, othersGroup.id)).toEqual([]);

    await shareWithGroup(t.db, item, garden);
    const own = { itemId: item.id, groupId: garden.id, canView: false };
    expect((await t.request(null, { method: 'POST', url: '/api/group-permissions', payload: own })).statusCode).toBe(
      401,
    );
    expect((await t.request(dave, { method: 'POST', url: '/api/group-permissions', payload: own })).statusCode).toBe(
      404,
    );
    expect((await t.request(bob, { method: 'POST', url: '/api/group-permissions', payload: own })).statusCode).toBe(
      403,
    );
    const removal = `/api/group-permissions/${item.id}/${garden.id}`;
    expect((await t.request(bob, { method: 'DELETE', url: removal })).statusCode).toBe(403);
    expect((await t.request(dave, { method: 'DELETE', url: removal })).statusCode).toBe(404);
    expect(await groupShare(item.id, garden.id)).toEqual([expect.objectContaining({ canView: true })]);
  });
});
