import type { Group, GroupDetails, GroupMember, JoinRequest } from '../../contract/schemas/group';
import type { GroupDetailsRow } from './group-details';
import type { GroupRow, MemberRow } from './group-query';
import type { JoinRequestRow } from './join-requests';

/**
 * Shapes every group response (spec §3 Group). A private group's code is its
 * invitation secret: only members see it.
 */
export function presentGroup(row: GroupRow, viewerId: string): Group {
  const { group } = row;
  const visibleToViewer = !group.isPrivate || row.isUserMember;
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    location: group.location,
    // A private group's position is its members' business, like its code.
    latitude: visibleToViewer ? group.latitude : null,
    longitude: visibleToViewer ? group.longitude : null,
    isPrivate: group.isPrivate,
    maxMembers: group.maxMembers,
    groupCode: visibleToViewer ? group.groupCode : null,
    admin: row.admin,
    memberCount: row.memberCount,
    ...(row.distance === null ? {} : { distance: Math.round(row.distance * 10) / 10 }),
    isUserAdmin: group.adminId === viewerId,
    isUserMember: row.isUserMember,
    hasPendingRequest: row.hasPendingRequest,
    createdAt: group.createdAt.toISOString(),
  };
}

export function presentGroupDetails({ group, members }: GroupDetailsRow, viewerId: string): GroupDetails {
  // The viewer's own choice only (issue 35): nobody learns whom another member trusts.
  const viewerAutoAccepts = members.some((row) => row.member.userId === viewerId && row.member.autoAcceptMembers);
  return { ...presentGroup(group, viewerId), members: members.map(presentMember), viewerAutoAccepts };
}

export function presentMember({ member, user }: MemberRow): GroupMember {
  return {
    id: member.id,
    userId: member.userId,
    role: member.role,
    joinedAt: member.joinedAt.toISOString(),
    user,
  };
}

export function presentJoinRequest({ request, user }: JoinRequestRow): JoinRequest {
  return {
    id: request.id,
    groupId: request.groupId,
    status: request.status,
    requestedAt: request.requestedAt.toISOString(),
    respondedAt: request.respondedAt?.toISOString() ?? null,
    requestMessage: request.requestMessage,
    adminResponse: request.adminResponse,
    user,
  };
}
