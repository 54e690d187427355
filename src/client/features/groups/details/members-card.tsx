import type { ReactNode } from 'react';
import { UserPlus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupDetails, GroupMember } from '@/contract/schemas/group';
import { Avatar } from '@/client/components/ui/avatar';
import { Button } from '@/client/components/ui/button';
import { MemberActionsMenu, type MemberActions } from './member-actions-menu';

/** Spec §2: "Members without user data are skipped" (e.g. an account deleted while the list loaded). */
function hasUserData(member: GroupMember): boolean {
  return Boolean(member.user?.id && member.user.name);
}

function Badge({ children, testId }: { children: string; testId: string }) {
  return (
    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-900" data-testid={testId}>
      {children}
    </span>
  );
}

/** Who a member is, for controls other features add to their row (the page adds Message). */
export interface MemberIdentity {
  userId: string;
  name: string;
}

interface MembersCardProps extends MemberActions {
  group: GroupDetails;
  currentUserId: string;
  onInvite: () => void;
  /** Controls at the end of each other member's row, from outside this feature. */
  otherMemberActions?: (member: MemberIdentity) => ReactNode;
}

/** Spec §2 Members card: name, @username, Admin and You badges; the admin's menu on the others. */
export function MembersCard({
  group,
  currentUserId,
  onInvite,
  onTransfer,
  onRemove,
  otherMemberActions,
}: MembersCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const members = group.members.filter(hasUserData);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:p-5"
      data-testid="members"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('groups.details.members.title')}
          <span className="ml-2 text-base font-normal text-slate-600">({members.length})</span>
        </h2>
        {group.isUserAdmin && group.groupCode && (
          <Button variant="secondary" size="sm" onClick={onInvite} data-testid="invite-members">
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            {t('groups.details.invite.open')}
          </Button>
        )}
      </div>
      <ul className="mt-3 divide-y divide-slate-100">
        {members.map((member) => {
          const isSelf = member.userId === currentUserId;
          return (
            <li
              key={member.id}
              className="flex items-center gap-3 py-3"
              data-testid="member"
              data-user-id={member.userId}
            >
              <Avatar
                name={member.user.name}
                username={member.user.username}
                photoUrl={member.user.photoUrl}
                size="md"
              />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium break-words text-slate-900">{member.user.name}</span>
                  {member.role === 'admin' && <Badge testId="admin-badge">{t('groups.details.members.admin')}</Badge>}
                  {isSelf && <Badge testId="you-badge">{t('groups.details.members.you')}</Badge>}
                </p>
                <p className="truncate text-sm text-slate-600">@{member.user.username}</p>
              </div>
              {!isSelf && otherMemberActions?.({ userId: member.userId, name: member.user.name })}
              {group.isUserAdmin && !isSelf && (
                <MemberActionsMenu member={member} onTransfer={onTransfer} onRemove={onRemove} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
