import { describe, expect, it } from 'vitest';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { useRecordingBusApp } from '../../../tests/support/live';

/*
 * `items_changed` reaches the people whose Available Items a change affects,
 * after it committed, in one publish: shares given or withdrawn, an item
 * edited, a contact removed, a member gone from a group.
 */

const live = useRecordingBusApp();

const ITEMS_CHANGED = { type: 'items_changed' };

/** Who was told `items_changed`, across every call so far. */
function toldItemsChanged(): string[] {
  return live.bus.calls
    .flatMap((call) => call.deliveries)
    .filter((delivery) => delivery.event.type === 'items_changed')
    .flatMap((delivery) => delivery.userIds)
    .sort();
}

/** Alice with Bob (a registered contact), her group "Garden" with Gina and Hugo, and Dave, a stranger. */
async function scene() {
  const alice = await createUser(live.database.db, { name: 'Alice' });
  const bob = await createUser(live.database.db, { name: 'Bob' });
  const gina = await createUser(live.database.db, { name: 'Gina' });
  const hugo = await createUser(live.database.db, { name: 'Hugo' });
  const dave = await createUser(live.database.db, { name: 'Dave' });
  await createContact(live.database.db, alice, { contactUserId: bob.id });
  const garden = await createGroup(live.database.db, alice, { name: 'Garden' });
  await addMember(live.database.db, garden, gina);
  await addMember(live.database.db, garden, hugo);
  const item = await createItem(live.database.db, alice, { name: 'Wheelbarrow' });
  return { alice, bob, gina, hugo, dave, garden, item };
}

describe('sharing', () => {
  it('ticking and unticking "Can see" tells the contact', async () => {
    const { alice, bob, item } = await scene();
    const tick = (canView: boolean) =>
      live.t.request(alice, {
        method: 'POST',
        url: '/api/permissions',
        payload: { itemId: item.id, contactUserId: bob.id, canView },
      });
    expect((await tick(true)).statusCode).toBe(204);
    expect(live.bus.eventsOf(bob.id)).toEqual([ITEMS_CHANGED]);
    expect((await tick(false)).statusCode).toBe(204);
    expect(live.bus.eventsOf(bob.id)).toEqual([ITEMS_CHANGED, ITEMS_CHANGED]);
    expect(toldItemsChanged()).toEqual([bob.id, bob.id]);
  });

  it('removing a contact share tells the contact, and removing one that was not there tells nobody', async () => {
    const { alice, bob, dave, item } = await scene();
    await shareWithUser(live.database.db, item, bob);
    const removed = await live.t.request(alice, { method: 'DELETE', url: `/api/permissions/${item.id}/${bob.id}` });
    expect(removed.statusCode).toBe(204);
    expect(toldItemsChanged()).toEqual([bob.id]);
    live.bus.reset();
    const nothing = await live.t.request(alice, { method: 'DELETE', url: `/api/permissions/${item.id}/${dave.id}` });
    expect(nothing.statusCode).toBe(204);
    expect(live.bus.calls).toEqual([]);
  });

  it('sharing with a group tells its current members but the owner, in one publish', async () => {
    const { alice, gina, hugo, garden, item } = await scene();
    const shared = await live.t.request(alice, {
      method: 'POST',
      url: '/api/group-permissions',
      payload: { itemId: item.id, groupId: garden.id, canView: true },
    });
    expect(shared.statusCode).toBe(204);
    expect(live.bus.calls).toHaveLength(1);
    expect(toldItemsChanged()).toEqual([gina.id, hugo.id].sort());

    live.bus.reset();
    const withdrawn = await live.t.request(alice, {
      method: 'DELETE',
      url: `/api/group-permissions/${item.id}/${garden.id}`,
    });
    expect(withdrawn.statusCode).toBe(204);
    expect(live.bus.calls).toHaveLength(1);
    expect(toldItemsChanged()).toEqual([gina.id, hugo.id].sort());
  });

  it('a refused share tells nobody', async () => {
    const { alice, dave, item } = await scene();
    const refused = await live.t.request(alice, {
      method: 'POST',
      url: '/api/permissions',
      payload: { itemId: item.id, contactUserId: dave.id, canView: true },
    });
    expect(refused.json()).toMatchObject({ error: { code: 'share_target_not_allowed' } });
    expect(live.bus.calls).toEqual([]);
  });
});

describe('an edited item', () => {
  it('tells everyone who sees it, and nobody else', async () => {
    const { alice, bob, gina, hugo, dave, garden, item } = await scene();
    await shareWithUser(live.database.db, item, bob);
    await shareWithGroup(live.database.db, item, garden);
    const edited = await live.t.request(alice, {
      method: 'PUT',
      url: `/api/items/${item.id}`,
      payload: { name: 'Big wheelbarrow', category: 'outdoor' },
    });
    expect(edited.statusCode).toBe(200);
    expect(toldItemsChanged()).toEqual([bob.id, gina.id, hugo.id].sort());
    expect(live.bus.eventsOf(dave.id)).toEqual([]);
    expect(live.bus.eventsOf(alice.id)).toEqual([]);
  });
});

describe('losing access', () => {
  it('a removed contact is told', async () => {
    const { alice, bob } = await scene();
    const contacts = (await live.t.request(alice, { method: 'GET', url: '/api/contacts' })).json() as {
      id: string;
      contactUserId: string | null;
    }[];
    const bobsEntry = contacts.find((c) => c.contactUserId === bob.id)!;
    const removed = await live.t.request(alice, { method: 'DELETE', url: `/api/contacts/${alice.id}/${bobsEntry.id}` });
    expect(removed.statusCode).toBe(204);
    expect(toldItemsChanged()).toEqual([bob.id]);
  });

  it('a member who leaves or is removed is told', async () => {
    const { alice, gina, hugo, garden } = await scene();
    const left = await live.t.request(gina, { method: 'DELETE', url: `/api/groups/${garden.id}/members/${gina.id}` });
    expect(left.statusCode).toBe(204);
    const removed = await live.t.request(alice, {
      method: 'DELETE',
      url: `/api/groups/${garden.id}/members/${hugo.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(toldItemsChanged()).toEqual([gina.id, hugo.id].sort());
  });
});
