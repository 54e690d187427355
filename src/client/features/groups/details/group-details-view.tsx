import { Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { GroupDetails } from '@/contract/schemas/group';
import { Button, buttonClasses } from '@/client/components/ui/button';
import { useAuthUser } from '@/client/lib/auth/get-auth-user';
import { requestedPath, signIn } from '@/client/lib/auth/sign-in';
import { useGroup } from '../api/get-group';
import { EditGroupDialog } from './edit-group-dialog';
import { GroupDetailsFrame } from './group-details-frame';
import { GroupExitActions } from './group-exit-actions';
import { GroupInfoCard } from './group-info-card';
import { InviteMembersDialog } from './invite-members-dialog';
import { JoinRequestsCard } from './join-requests-card';
import { MemberActionDialogs, type MemberAction } from './member-action-dialogs';
import { MembersCard, type MemberIdentity } from './members-card';
import { NonMemberPanel } from './non-member-panel';

function NotFoundState() {
  const { t } = useTranslation();
  return (
    <GroupDetailsFrame title={t('groups.details.notFound.title')}>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-6" data-testid="group-not-found">
        <p className="text-slate-700">{t('groups.details.notFound.description')}</p>
        <Link href="/groups" className={buttonClasses('secondary', 'md', 'mt-4')}>
          {t('groups.details.back')}
        </Link>
      </div>
    </GroupDetailsFrame>
  );
}

function LoginRequiredState() {
  const { t } = useTranslation();
  return (
    <GroupDetailsFrame title={t('groups.details.loginRequired.title')}>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-6" data-testid="group-login-required">
        <p className="text-slate-700">{t('groups.details.loginRequired.description')}</p>
        <Button className="mt-4" onClick={() => signIn(undefined, requestedPath())}>
          {t('common.signIn')}
        </Button>
      </div>
    </GroupDetailsFrame>
  );
}

interface LoadedGroupProps {
  group: GroupDetails;
  currentUserId: string;
  otherMemberActions: GroupDetailsViewProps['otherMemberActions'];
  memberSettings: GroupDetailsViewProps['memberSettings'];
}

function LoadedGroup({ group, currentUserId, otherMemberActions, memberSettings }: LoadedGroupProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [memberAction, setMemberAction] = useState<MemberAction>(null);
  const isAdmin = group.isUserAdmin;

  const editButton = isAdmin ? (
    <Button variant="secondary" onClick={() => setEditing(true)} data-testid="group-edit">
      <Pencil className="h-4 w-4" aria-hidden="true" />
      {t('groups.details.edit.open')}
    </Button>
  ) : null;

  return (
    <GroupDetailsFrame title={group.name} actions={editButton}>
      <div className="mt-6 space-y-6" data-testid="group-details" data-group-id={group.id}>
        <GroupInfoCard group={group} />
        {!group.isUserMember && <NonMemberPanel group={group} />}
        {isAdmin && <JoinRequestsCard groupId={group.id} />}
        {group.isUserMember && (
          <MembersCard
            group={group}
            currentUserId={currentUserId}
            onInvite={() => setInviting(true)}
            onTransfer={(member) => setMemberAction({ kind: 'transfer', member })}
            onRemove={(member) => setMemberAction({ kind: 'remove', member })}
            otherMemberActions={otherMemberActions}
          />
        )}
        {group.isUserMember && memberSettings && (
          <section className="rounded-xl border border-slate-200 bg-white p-4" data-testid="group-member-settings">
            {memberSettings(group)}
          </section>
        )}
        {group.isUserMember && (
          <div className="flex justify-end">
            <GroupExitActions group={group} currentUserId={currentUserId} />
          </div>
        )}
      </div>
      {isAdmin && <EditGroupDialog group={group} open={editing} onClose={() => setEditing(false)} />}
      {isAdmin && group.groupCode && (
        <InviteMembersDialog
          open={inviting}
          onClose={() => setInviting(false)}
          groupName={group.name}
          code={group.groupCode}
        />
      )}
      <MemberActionDialogs group={group} action={memberAction} onClose={() => setMemberAction(null)} />
    </GroupDetailsFrame>
  );
}

/**
 * Spec §2 Group details (/groups/:id): login required, loading, not found (a
 * load error too), else the group as the viewer may see it: admin, member,
 * or signed-in visitor of a public group.
 */
interface GroupDetailsViewProps {
  groupId: string;
  /** Controls on each other member's row, composed by the page (Message, issue 33). */
  otherMemberActions?: (member: MemberIdentity) => ReactNode;
  /** The viewer's own settings as a member, composed by the page (the trust shortcut of issue 35). */
  memberSettings?: (group: GroupDetails) => ReactNode;
}

export function GroupDetailsView({ groupId, otherMemberActions, memberSettings }: GroupDetailsViewProps) {
  const { t } = useTranslation();
  const authUser = useAuthUser();
  const group = useGroup(groupId);

  if (authUser.data === null) return <LoginRequiredState />;
  if (group.data && authUser.data) {
    return (
      <LoadedGroup
        group={group.data}
        currentUserId={authUser.data.id}
        otherMemberActions={otherMemberActions}
        memberSettings={memberSettings}
      />
    );
  }
  if (group.isError || authUser.isError) return <NotFoundState />;
  return (
    <GroupDetailsFrame title={t('groups.details.title')}>
      <p role="status" className="mt-6 text-slate-700" data-testid="group-loading">
        {t('groups.details.loading')}
      </p>
    </GroupDetailsFrame>
  );
}
