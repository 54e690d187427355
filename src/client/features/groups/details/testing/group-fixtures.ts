import type { GroupDetails, GroupMember, JoinRequest } from '@/contract/schemas/group';

export const GROUP_ID = '5d0c7a52-4a8e-4d5e-9c61-1b2f3a4b5c6d';
/** makeUser()'s id: the signed-in viewer. */
export const VIEWER_ID = 'user-1';
export const BOB_ID = 'user-2';
export const REQUEST_ID = '9f1e2d3c-4b5a-4698-8776-655443322110';

export function makeMember(overrides: Partial<GroupMember> = {}): GroupMember {
  return {
    id: 'm-1',
    userId: VIEWER_ID,
    role: 'admin',
    joinedAt: '2026-01-10T10:00:00.000Z',
    user: { id: VIEWER_ID, name: 'Annabel Lee', username: 'annabel', photoUrl: null },
    ...overrides,
  };
}

export const bobMember = (overrides: Partial<GroupMember> = {}): GroupMember =>
  makeMember({
    id: 'm-2',
    userId: BOB_ID,
    role: 'member',
    user: { id: BOB_ID, name: 'Bob Stone', username: 'bob', photoUrl: null },
    ...overrides,
  });

/** Garden Club as its admin (the viewer) sees it: two members, public. */
export function makeGroup(overrides: Partial<GroupDetails> = {}): GroupDetails {
  return {
    id: GROUP_ID,
    name: 'Garden Club',
    description: 'Tools and seeds for the allotments.',
    location: 'Bern',
    latitude: null,
    longitude: null,
    isPrivate: false,
    maxMembers: 20,
    groupCode: '1234567890',
    admin: { id: VIEWER_ID, name: 'Annabel Lee', username: 'annabel' },
    memberCount: 2,
    isUserAdmin: true,
    isUserMember: true,
    hasPendingRequest: false,
    createdAt: '2026-01-10T10:00:00.000Z',
    members: [makeMember(), bobMember()],
    viewerAutoAccepts: false,
    ...overrides,
  };
}

/** The same group seen by Annabel as a plain member; Bob is the admin. */
export function makeMemberView(overrides: Partial<GroupDetails> = {}): GroupDetails {
  return makeGroup({
    isUserAdmin: false,
    admin: { id: BOB_ID, name: 'Bob Stone', username: 'bob' },
    members: [makeMember({ role: 'member' }), bobMember({ role: 'admin' })],
    ...overrides,
  });
}

export function makeJoinRequest(overrides: Partial<JoinRequest> = {}): JoinRequest {
  return {
    id: REQUEST_ID,
    groupId: GROUP_ID,
    status: 'pending',
    requestedAt: '2026-03-02T09:30:00.000Z',
    respondedAt: null,
    requestMessage: 'I live next door and have a wheelbarrow.',
    adminResponse: null,
    user: { id: 'user-3', name: 'Cleo Park', username: 'cleo' },
    ...overrides,
  };
}
