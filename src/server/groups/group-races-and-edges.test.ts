import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { addMember, createGroup, createJoinRequest } from '../../../tests/support/group-factories';
import { groupMembers, groups, rateLimitCounters } from '../db/schema';
import { GROUP_CODE_LOOKUPS_PER_HOUR } from './list-groups';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const currentHour = () => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);

describe('races', () => {
  it('a leave racing an admin transfer never leaves an admin who is not a member', async () => {
    for (let round = 0; round < 5; round++) {
      const alice = await createUser(t.db);
      const bob = await createUser(t.db);
      const group = await createGroup(t.db, alice);
      await addMember(t.db, group, bob);
      await Promise.all([
        t.request(alice, {
          method: 'PUT',
          url: `/api/groups/${group.id}/transfer-admin`,
          payload: { newAdminId: bob.id },
        }),
        t.request(bob, { method: 'DELETE', url: `/api/groups/${group.id}/members/${bob.id}` }),
      ]);
      const [row] = await t.db.select({ adminId: groups.adminId }).from(groups).where(eq(groups.id, group.id));
      const adminMembership = await t.db
        .select()
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, row!.adminId)));
      expect(adminMembership, `round ${round}`).toEqual([expect.objectContaining({ role: 'admin' })]);
    }
  });

  it('lowering the maximum racing an approval keeps the group within its maximum', async () => {
    const admin = await createUser(t.db);
    const group = await createGroup(t.db, admin, { maxMembers: 3 });
    await addMember(t.db, group, await createUser(t.db));
    const request = await createJoinRequest(t.db, group, await createUser(t.db));
    const fields = { name: group.name, description: '', location: '', isPrivate: false, maxMembers: 2 };
    await Promise.all([
      t.request(admin, { method: 'PUT', url: `/api/groups/join-requests/${request.id}/approve`, payload: {} }),
      t.request(admin, { method: 'PUT', url: `/api/groups/${group.id}`, payload: fields }),
    ]);
    const [row] = await t.db.select({ max: groups.maxMembers }).from(groups).where(eq(groups.id, group.id));
    const members = await t.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(members.length).toBeLessThanOrEqual(row!.max);
  });
});

describe('edges', () => {
  it('refuses a partial edit instead of resetting a private group to public', async () => {
    const admin = await createUser(t.db);
    const group = await createGroup(t.db, admin, { isPrivate: true, maxMembers: 7 });
    const response = await t.request(admin, {
      method: 'PUT',
      url: `/api/groups/${group.id}`,
      payload: { name: 'Only name' },
    });
    expect(response.statusCode).toBe(400);
    const [row] = await t.db.select().from(groups).where(eq(groups.id, group.id));
    expect(row).toMatchObject({ isPrivate: true, maxMembers: 7, name: group.name });
  });

  it("refuses an admin of one group deciding another group's join request", async () => {
    const adminA = await createUser(t.db);
    const adminB = await createUser(t.db);
    const privateA = await createGroup(t.db, adminA, { isPrivate: true });
    const publicA = await createGroup(t.db, adminA);
    await createGroup(t.db, adminB);
    const onPrivate = await createJoinRequest(t.db, privateA, await createUser(t.db));
    const onPublic = await createJoinRequest(t.db, publicA, await createUser(t.db));
    const approve = (id: string) =>
      t.request(adminB, { method: 'PUT', url: `/api/groups/join-requests/${id}/approve`, payload: {} });
    expect((await approve(onPrivate.id)).statusCode).toBe(404);
    expect((await approve(onPublic.id)).statusCode).toBe(403);
  });

  it('accepts a decision without any body', async () => {
    const admin = await createUser(t.db);
    const group = await createGroup(t.db, admin);
    const request = await createJoinRequest(t.db, group, await createUser(t.db));
    const response = await t.request(admin, { method: 'PUT', url: `/api/groups/join-requests/${request.id}/deny` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'denied', adminResponse: null });
  });

  it('caps code lookups per account and hour', async () => {
    const viewer = await createUser(t.db);
    const group = await createGroup(t.db, await createUser(t.db));
    await t.db.insert(rateLimitCounters).values({
      key: `group-code:${viewer.id}`,
      windowStart: currentHour(),
      count: GROUP_CODE_LOOKUPS_PER_HOUR - 1,
    });
    const lookup = () => t.request(viewer, { method: 'GET', url: `/api/groups/code/${group.groupCode}` });
    expect((await lookup()).statusCode).toBe(200);
    expect((await lookup()).statusCode).toBe(429);
  });

  it('stores positions to two decimals and hides a private group’s position from outsiders', async () => {
    const admin = await createUser(t.db);
    const created = await t.request(admin, {
      method: 'POST',
      url: '/api/groups',
      payload: { name: 'Home', isPrivate: true, latitude: 47.376912, longitude: 8.541694 },
    });
    expect(created.json()).toMatchObject({ latitude: 47.38, longitude: 8.54 });
    const outsider = await createUser(t.db);
    const byCode = await t.request(outsider, { method: 'GET', url: `/api/groups/code/${created.json().groupCode}` });
    expect(byCode.json()).toMatchObject({ latitude: null, longitude: null });
  });

  it.each([['a_b'], ['a\\b'], ['100%']])('searches for %j literally', async (q) => {
    const viewer = await createUser(t.db);
    const response = await t.request(viewer, { method: 'GET', url: `/api/groups/search?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('refuses control characters in a search with 400', async () => {
    const viewer = await createUser(t.db);
    const response = await t.request(viewer, { method: 'GET', url: '/api/groups/search?q=abc%00def' });
    expect(response.statusCode).toBe(400);
  });
});
