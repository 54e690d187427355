import type { Actor } from './actor';

/** What a rule needs to know about a group and the actor's place in it. */
export interface GroupAccess {
  isPrivate: boolean;
  isMember: boolean;
  isAdmin: boolean;
}

const isAdmin = (_actor: Actor, group: GroupAccess) => group.isAdmin;

/**
 * Spec §6: the admin edits, deletes, decides join requests, removes members
 * and transfers the role; members view and leave. A private group does not
 * exist for non-members (callers answer 404); a public one shows its details
 * to anyone signed in, but its member list only to members.
 */
export const groupRules = {
  'group:read': (_actor: Actor, group: GroupAccess) => !group.isPrivate || group.isMember,
  'group:readMembers': (_actor: Actor, group: GroupAccess) => group.isMember,
  'group:update': isAdmin,
  'group:delete': isAdmin,
  'group:readJoinRequests': isAdmin,
  'group:decideJoinRequest': isAdmin,
  'group:removeMember': isAdmin,
  'group:transferAdmin': isAdmin,
  'group:leave': (_actor: Actor, group: GroupAccess) => group.isMember && !group.isAdmin,
  /** Accepting the other members' requests for free days without asking (issue 35): any member, for themselves. */
  'group:trustMembers': (_actor: Actor, group: GroupAccess) => group.isMember,
  /**
   * Joining needs a public group, or the private group's code (checked by the
   * caller), and no block between the asker and the admin: a join request
   * carries a message to the admin (docs/decisions/0018).
   */
  'group:requestToJoin': (_actor: Actor, group: GroupAccess & { codeMatches: boolean; blockWithAdmin: boolean }) =>
    !group.isMember && !group.blockWithAdmin && (!group.isPrivate || group.codeMatches),
};
