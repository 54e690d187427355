import { useParams } from 'wouter';
import type { GroupDetails } from '@/contract/schemas/group';
import { AutoAcceptSwitch } from '../../features/lending/components/auto-accept-switch';
import { GroupDetailsView } from '../../features/groups/details/group-details-view';
import type { MemberIdentity } from '../../features/groups/details/members-card';
import { MessagePersonLink } from '../../features/messages/components/message-person-link';

/** Members of a shared group may write to each other (issue 33): a Message link on each other member's row. */
const messageMember = (member: MemberIdentity) => (
  <MessagePersonLink userId={member.userId} name={member.name} look="icon" />
);

/** Whether the viewer accepts the other members' requests for free days without asking (issue 35). */
const trustMembers = (group: GroupDetails) => (
  <AutoAcceptSwitch target={{ kind: 'group', id: group.id }} checked={group.viewerAutoAccepts} name={group.name} />
);

/** Spec §2 Group details (/groups/:id). */
export function GroupDetailsPage() {
  const { id = '' } = useParams<{ id: string }>();
  // A new id is a new page: dialogs and typed answers of the previous group do not carry over.
  return <GroupDetailsView key={id} groupId={id} otherMemberActions={messageMember} memberSettings={trustMembers} />;
}
