import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { addMember, createGroup, createJoinRequest } from '../../../tests/support/group-factories';

/**
 * Every group call by every role (issue: "a role matrix over every group
 * call"), on a private and on a public group. Each case gets a fresh group.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = 'admin' | 'member' | 'nonMember' | 'requester' | 'anonymous';
const ROLES: Role[] = ['admin', 'member', 'nonMember', 'requester', 'anonymous'];

interface World {
  groupId: string;
  code: string;
  requestId: string;
  memberId: string;
  /** A second member, the target when someone removes "another" member. */
  otherMemberId: string;
  actorId: string | null;
}

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (w: World) => string;
  payload?: (w: World) => object;
  /** Expected status per role, for a private and a public group. */
  private: Record<Role, number>;
  public: Record<Role, number>;
}

const everyone = (signedIn: number): Record<Role, number> => ({
  admin: signedIn,
  member: signedIn,
  nonMember: signedIn,
  requester: signedIn,
  anonymous: 401,
});
const adminOnly = (ok: number, hidden: 403 | 404): Record<Role, number> => ({
  admin: ok,
  member: 403,
  nonMember: hidden,
  requester: hidden,
  anonymous: 401,
});
const groupFields = { name: 'Renamed', description: '', location: '', isPrivate: true, maxMembers: 10 };

const CALLS: Call[] = [
  {
    name: 'read details',
    method: 'GET',
    url: (w) => `/api/groups/${w.groupId}`,
    private: { admin: 200, member: 200, nonMember: 404, requester: 404, anonymous: 401 },
    public: everyone(200),
  },
  {
    name: 'update',
    method: 'PUT',
    url: (w) => `/api/groups/${w.groupId}`,
    payload: () => groupFields,
    private: adminOnly(200, 404),
    public: adminOnly(200, 403),
  },
  {
    name: 'delete',
    method: 'DELETE',
    url: (w) => `/api/groups/${w.groupId}`,
    private: adminOnly(204, 404),
    public: adminOnly(204, 403),
  },
  {
    name: 'list join requests',
    method: 'GET',
    url: (w) => `/api/groups/${w.groupId}/join-requests`,
    private: adminOnly(200, 404),
    public: adminOnly(200, 403),
  },
  {
    name: 'approve',
    method: 'PUT',
    url: (w) => `/api/groups/join-requests/${w.requestId}/approve`,
    payload: () => ({ adminResponse: 'Welcome' }),
    private: adminOnly(200, 404),
    public: adminOnly(200, 403),
  },
  {
    name: 'deny',
    method: 'PUT',
    url: (w) => `/api/groups/join-requests/${w.requestId}/deny`,
    payload: () => ({}),
    private: adminOnly(200, 404),
    public: adminOnly(200, 403),
  },
  {
    name: 'remove another member',
    method: 'DELETE',
    url: (w) => `/api/groups/${w.groupId}/members/${w.otherMemberId}`,
    private: adminOnly(204, 404),
    public: adminOnly(204, 403),
  },
  {
    name: 'leave (remove oneself)',
    method: 'DELETE',
    url: (w) => `/api/groups/${w.groupId}/members/${w.actorId ?? w.memberId}`,
    private: { admin: 409, member: 204, nonMember: 404, requester: 404, anonymous: 401 },
    public: { admin: 409, member: 204, nonMember: 403, requester: 403, anonymous: 401 },
  },
  {
    name: 'transfer admin',
    method: 'PUT',
    url: (w) => `/api/groups/${w.groupId}/transfer-admin`,
    payload: (w) => ({ newAdminId: w.memberId }),
    private: adminOnly(200, 404),
    public: adminOnly(200, 403),
  },
  {
    name: 'ask to join without the code',
    method: 'POST',
    url: (w) => `/api/groups/${w.groupId}/join-requests`,
    payload: () => ({ requestMessage: 'Hello' }),
    private: { admin: 409, member: 409, nonMember: 404, requester: 404, anonymous: 401 },
    public: { admin: 409, member: 409, nonMember: 201, requester: 409, anonymous: 401 },
  },
  {
    name: 'ask to join with the code',
    method: 'POST',
    url: (w) => `/api/groups/${w.groupId}/join-requests`,
    payload: (w) => ({ requestMessage: 'Hello', groupCode: w.code }),
    private: { admin: 409, member: 409, nonMember: 201, requester: 409, anonymous: 401 },
    public: { admin: 409, member: 409, nonMember: 201, requester: 409, anonymous: 401 },
  },
  {
    name: 'look up by code',
    method: 'GET',
    url: (w) => `/api/groups/code/${w.code}`,
    private: everyone(200),
    public: everyone(200),
  },
  {
    name: 'own groups',
    method: 'GET',
    url: (w) => `/api/groups/user/${w.actorId ?? w.memberId}`,
    private: everyone(200),
    public: everyone(200),
  },
  {
    name: "someone else's groups",
    method: 'GET',
    url: (w) => `/api/groups/user/${w.memberId}`,
    private: { admin: 403, member: 200, nonMember: 403, requester: 403, anonymous: 401 },
    public: { admin: 403, member: 200, nonMember: 403, requester: 403, anonymous: 401 },
  },
  { name: 'discover', method: 'GET', url: () => '/api/groups/discover', private: everyone(200), public: everyone(200) },
  {
    name: 'search',
    method: 'GET',
    url: () => '/api/groups/search?q=Group',
    private: everyone(200),
    public: everyone(200),
  },
  {
    name: 'create',
    method: 'POST',
    url: () => '/api/groups',
    payload: () => ({ name: 'New group' }),
    private: everyone(201),
    public: everyone(201),
  },
];

async function world(isPrivate: boolean, role: Role): Promise<World> {
  const admin = await createUser(t.db);
  const member = await createUser(t.db);
  const nonMember = await createUser(t.db);
  const requester = await createUser(t.db);
  const group = await createGroup(t.db, admin, { isPrivate });
  await addMember(t.db, group, member);
  const otherMember = await createUser(t.db);
  await addMember(t.db, group, otherMember);
  const request = await createJoinRequest(t.db, group, requester);
  const actors: Record<Role, { id: string } | null> = { admin, member, nonMember, requester, anonymous: null };
  return {
    groupId: group.id,
    code: group.groupCode,
    requestId: request.id,
    memberId: member.id,
    otherMemberId: otherMember.id,
    actorId: actors[role]?.id ?? null,
  };
}

describe.each([
  ['private', true],
  ['public', false],
] as const)('%s group', (privacy, isPrivate) => {
  const cases = CALLS.flatMap((call) => ROLES.map((role) => [call.name, role, call] as const));
  it.each(cases)('%s as %s', async (_name, role, call) => {
    const w = await world(isPrivate, role);
    const response = await t.request(w.actorId ? { id: w.actorId } : null, {
      method: call.method,
      url: call.url(w),
      ...(call.payload ? { payload: call.payload(w) } : {}),
    });
    expect(response.statusCode, response.body).toBe(call[privacy][role]);
  });
});
