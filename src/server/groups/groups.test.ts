import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { addMember, createGroup, createJoinRequest } from '../../../tests/support/group-factories';
import { groupJoinRequests, groupMembers, groups, itemGroupPermissions, items } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const membersOf = (groupId: string) => t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));

describe('POST /api/groups', () => {
  it('makes the creator admin and first member, with a random 10-digit code', async () => {
    const alice = await createUser(t.db, { name: 'Alice' });
    const response = await t.request(alice, {
      method: 'POST',
      url: '/api/groups',
      payload: { name: ' Neighbours ', description: 'Our street', location: 'Zürich', isPrivate: true, maxMembers: 5 },
    });
    expect(response.statusCode).toBe(201);
    const group = response.json();
    expect(group).toMatchObject({
      name: 'Neighbours',
      description: 'Our street',
      location: 'Zürich',
      isPrivate: true,
      maxMembers: 5,
      memberCount: 1,
      isUserAdmin: true,
      isUserMember: true,
      admin: { id: alice.id, name: 'Alice' },
    });
    expect(group.groupCode).toMatch(/^\d{10}$/);
    expect(await membersOf(group.id)).toEqual([expect.objectContaining({ userId: alice.id, role: 'admin' })]);
  });

  it('defaults to a public group of 50 and refuses invalid fields with their message keys', async () => {
    const alice = await createUser(t.db);
    const created = await t.request(alice, { method: 'POST', url: '/api/groups', payload: { name: 'Defaults' } });
    expect(created.json()).toMatchObject({ isPrivate: false, maxMembers: 50, description: null, location: null });
    const refused = await t.request(alice, {
      method: 'POST',
      url: '/api/groups',
      payload: { name: '', maxMembers: 1, location: 'x'.repeat(101), latitude: 47 },
    });
    expect(refused.statusCode).toBe(400);
    const keys = refused.json().error.issues.map((i: { messageKey: string }) => i.messageKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        'validation.groupNameRequired',
        'validation.groupMaxMembersMin',
        'validation.locationTooLong',
      ]),
    );
  });
});

describe('GET /api/groups/:id', () => {
  it('shows members to members, details without members to others for a public group', async () => {
    const admin = await createUser(t.db);
    const member = await createUser(t.db);
    const outsider = await createUser(t.db);
    const group = await createGroup(t.db, admin);
    await addMember(t.db, group, member);
    const asMember = (await t.request(member, { method: 'GET', url: `/api/groups/${group.id}` })).json();
    expect(asMember.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [admin.id, 'admin'],
      [member.id, 'member'],
    ]);
    const asOutsider = (await t.request(outsider, { method: 'GET', url: `/api/groups/${group.id}` })).json();
    expect(asOutsider).toMatchObject({ memberCount: 2, isUserMember: false, members: [] });
    expect(asOutsider.groupCode).toBe(group.groupCode);
  });

  it("hides a private group's code from non-members everywhere but the code lookup", async () => {
    const admin = await createUser(t.db);
    const outsider = await createUser(t.db);
    const group = await createGroup(t.db, admin, { isPrivate: true });
    const byCode = await t.request(outsider, { method: 'GET', url: `/api/groups/code/${group.groupCode}` });
    expect(byCode.json()).toMatchObject({ id: group.id, groupCode: group.groupCode, isUserMember: false });
    expect((await t.request(outsider, { method: 'GET', url: `/api/groups/${group.id}` })).statusCode).toBe(404);
  });
});

describe('PUT /api/groups/:id', () => {
  it('refuses a maximum below the current member count', async () => {
    const admin = await createUser(t.db);
    const group = await createGroup(t.db, admin);
    await addMember(t.db, group, await createUser(t.db));
    await addMember(t.db, group, await createUser(t.db));
    const fields = { name: 'Small', description: '', location: '', isPrivate: false };
    const refused = await t.request(admin, {
      method: 'PUT',
      url: `/api/groups/${group.id}`,
      payload: { ...fields, maxMembers: 2 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('group_max_below_members');
    const ok = await t.request(admin, {
      method: 'PUT',
      url: `/api/groups/${group.id}`,
      payload: { ...fields, maxMembers: 3 },
    });
    expect(ok.json()).toMatchObject({ name: 'Small', maxMembers: 3 });
  });
});

describe('DELETE /api/groups/:id', () => {
  it('removes memberships, join requests and item shares; members lose access at once', async () => {
    const admin = await createUser(t.db);
    const member = await createUser(t.db);
    const group = await createGroup(t.db, admin, { isPrivate: true });
    await addMember(t.db, group, member);
    await createJoinRequest(t.db, group, await createUser(t.db));
    const [item] = await t.db
      .insert(items)
      .values({ ownerId: member.id, name: 'Tent', category: 'outdoor' })
      .returning();
    await t.db.insert(itemGroupPermissions).values({ itemId: item!.id, groupId: group.id });

    expect((await t.request(admin, { method: 'DELETE', url: `/api/groups/${group.id}` })).statusCode).toBe(204);
    expect(await t.db.select().from(groups).where(eq(groups.id, group.id))).toHaveLength(0);
    expect(await membersOf(group.id)).toHaveLength(0);
    expect(await t.db.select().from(groupJoinRequests).where(eq(groupJoinRequests.groupId, group.id))).toHaveLength(0);
    expect(
      await t.db.select().from(itemGroupPermissions).where(eq(itemGroupPermissions.groupId, group.id)),
    ).toHaveLength(0);
    expect((await t.request(member, { method: 'GET', url: `/api/groups/${group.id}` })).statusCode).toBe(404);
    expect((await t.request(member, { method: 'GET', url: `/api/groups/user/${member.id}` })).json()).toEqual([]);
  });
});

describe('joining', () => {
  it('takes one pending request with an optional message of at most 500 characters', async () => {
    const admin = await createUser(t.db);
    const bob = await createUser(t.db, { name: 'Bob' });
    const group = await createGroup(t.db, admin, { isPrivate: true });
    const url = `/api/groups/${group.id}/join-requests`;
    const tooLong = await t.request(bob, {
      method: 'POST',
      url,
      payload: { requestMessage: 'x'.repeat(501), groupCode: group.groupCode },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.issues[0].messageKey).toBe('validation.joinMessageTooLong');

    const sent = await t.request(bob, {
      method: 'POST',
      url,
      payload: { requestMessage: 'Hi!', groupCode: group.groupCode },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'pending', requestMessage: 'Hi!', user: { id: bob.id, name: 'Bob' } });
    const again = await t.request(bob, { method: 'POST', url, payload: { groupCode: group.groupCode } });
    expect(again.json().error.code).toBe('group_request_pending');
    expect((await t.request(bob, { method: 'GET', url: `/api/groups/code/${group.groupCode}` })).json()).toMatchObject({
      hasPendingRequest: true,
    });
  });

  it('refuses a request to a full group', async () => {
    const admin = await createUser(t.db);
    const group = await createGroup(t.db, admin, { maxMembers: 2 });
    await addMember(t.db, group, await createUser(t.db));
    const response = await t.request(await createUser(t.db), {
      method: 'POST',
      url: `/api/groups/${group.id}/join-requests`,
      payload: {},
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('group_full');
  });

  it('approval adds the member with the response; a second decision is refused', async () => {
    const admin = await createUser(t.db);
    const bob = await createUser(t.db);
    const group = await createGroup(t.db, admin);
    const request = await createJoinRequest(t.db, group, bob, 'Please');
    const approved = await t.request(admin, {
      method: 'PUT',
      url: `/api/groups/join-requests/${request.id}/approve`,
      payload: { adminResponse: 'Welcome!' },
    });
    expect(approved.json()).toMatchObject({ status: 'approved', adminResponse: 'Welcome!' });
    expect((await membersOf(group.id)).map((m) => m.userId)).toContain(bob.id);
    const denied = await t.request(admin, {
      method: 'PUT',
      url: `/api/groups/join-requests/${request.id}/deny`,
      payload: {},
    });
    expect(denied.statusCode).toBe(409);
    expect(denied.json().error.code).toBe('join_request_not_pending');
  });

  it('denial adds nobody, and the person may ask again', async () => {
    const admin = await createUser(t.db);
    const bob = await createUser(t.db);
    const group = await createGroup(t.db, admin);
    const request = await createJoinRequest(t.db, group, bob);
    const denied = await t.request(admin, {
      method: 'PUT',
      url: `/api/groups/join-requests/${request.id}/deny`,
      payload: { adminResponse: 'Sorry' },
    });
    expect(denied.json()).toMatchObject({ status: 'denied', adminResponse: 'Sorry' });
    expect((await membersOf(group.id)).map((m) => m.userId)).not.toContain(bob.id);
    const again = await t.request(bob, { method: 'POST', url: `/api/groups/${group.id}/join-requests`, payload: {} });
    expect(again.statusCode).toBe(201);
  });

  it('two approvals racing for the last seat admit exactly one', async () => {
    const admin = await createUser(t.db);
    const group = await createGroup(t.db, admin, { maxMembers: 2 });
    const first = await createJoinRequest(t.db, group, await createUser(t.db));
    const second = await createJoinRequest(t.db, group, await createUser(t.db));
    const approve = (id: string) =>
      t.request(admin, { method: 'PUT', url: `/api/groups/join-requests/${id}/approve`, payload: {} });
    const responses = await Promise.all([approve(first.id), approve(second.id)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().error.code).toBe('group_full');
    expect(await membersOf(group.id)).toHaveLength(2);
  });
});

describe('membership', () => {
  it("removing a member also ends their items' shares with the group", async () => {
    const admin = await createUser(t.db);
    const bob = await createUser(t.db);
    const group = await createGroup(t.db, admin);
    await addMember(t.db, group, bob);
    const [bobsItem] = await t.db.insert(items).values({ ownerId: bob.id, name: 'Saw', category: 'tools' }).returning();
    const [adminsItem] = await t.db
      .insert(items)
      .values({ ownerId: admin.id, name: 'Drill', category: 'tools' })
      .returning();
    await t.db.insert(itemGroupPermissions).values([
      { itemId: bobsItem!.id, groupId: group.id },
      { itemId: adminsItem!.id, groupId: group.id },
    ]);
    expect(
      (await t.request(admin, { method: 'DELETE', url: `/api/groups/${group.id}/members/${bob.id}` })).statusCode,
    ).toBe(204);
    const shares = await t.db.select().from(itemGroupPermissions).where(eq(itemGroupPermissions.groupId, group.id));
    expect(shares.map((s) => s.itemId)).toEqual([adminsItem!.id]);
  });

  it('transfer makes the member admin and keeps the former admin as a member', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const outsider = await createUser(t.db);
    const group = await createGroup(t.db, alice);
    await addMember(t.db, group, bob);
    const url = `/api/groups/${group.id}/transfer-admin`;
    expect(
      (await t.request(alice, { method: 'PUT', url, payload: { newAdminId: outsider.id } })).json().error.code,
    ).toBe('group_member_not_found');
    expect((await t.request(alice, { method: 'PUT', url, payload: { newAdminId: alice.id } })).statusCode).toBe(400);
    const moved = await t.request(alice, { method: 'PUT', url, payload: { newAdminId: bob.id } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ isUserAdmin: false, isUserMember: true, admin: { id: bob.id } });
    const roles = await t.db
      .select({ userId: groupMembers.userId, role: groupMembers.role })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, group.id));
    expect(new Map(roles.map((r) => [r.userId, r.role]))).toEqual(
      new Map([
        [alice.id, 'member'],
        [bob.id, 'admin'],
      ]),
    );
    // The former admin may now leave; the new one may not.
    expect(
      (await t.request(bob, { method: 'DELETE', url: `/api/groups/${group.id}/members/${bob.id}` })).statusCode,
    ).toBe(409);
    expect(
      (await t.request(alice, { method: 'DELETE', url: `/api/groups/${group.id}/members/${alice.id}` })).statusCode,
    ).toBe(204);
    expect(
      await t.db
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, alice.id))),
    ).toHaveLength(0);
  });
});
