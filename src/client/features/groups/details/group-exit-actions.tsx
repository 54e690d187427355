import { LogOut, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { GroupDetails } from '@/contract/schemas/group';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast-store';
import { useDeleteGroup } from '../api/delete-group';
import { useLeaveGroup } from '../api/remove-member';
import { ActionConfirmDialog } from './action-confirm-dialog';
import { toastGroupError } from './group-error-message';

interface GroupExitActionsProps {
  group: GroupDetails;
  currentUserId: string;
}

/**
 * Spec §2/§4: the admin deletes the group (members lose access, item shares
 * go); any other member leaves it. Both ask first and then return to /groups.
 */
export function GroupExitActions({ group, currentUserId }: GroupExitActionsProps) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteGroup();
  const leave = useLeaveGroup();

  if (group.isUserAdmin) {
    const confirmDelete = () =>
      remove.mutate(group.id, {
        onSuccess: () => {
          toast({ title: t('groups.details.delete.success') });
          navigate('/groups');
        },
        onError: (error) => toastGroupError(t('groups.details.delete.failed'), error, i18n),
      });
    return (
      <>
        <Button variant="destructive" onClick={() => setConfirming(true)} data-testid="delete-group">
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {t('groups.details.delete.open')}
        </Button>
        <ActionConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={t('groups.details.delete.title')}
          description={t('groups.details.delete.confirm', { group: group.name, count: group.memberCount })}
          confirmLabel={t('groups.details.delete.confirmButton')}
          onConfirm={confirmDelete}
          pending={remove.isPending}
          destructive
          data-testid="delete-group-dialog"
        />
      </>
    );
  }

  const confirmLeave = () =>
    leave.mutate(
      { groupId: group.id, userId: currentUserId },
      {
        onSuccess: () => {
          toast({ title: t('groups.details.leave.success', { group: group.name }) });
          navigate('/groups');
        },
        onError: (error) => toastGroupError(t('groups.details.leave.failed'), error, i18n),
      },
    );
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="leave-group">
        <LogOut className="h-4 w-4" aria-hidden="true" />
        {t('groups.details.leave.open')}
      </Button>
      <ActionConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('groups.details.leave.title')}
        description={t('groups.details.leave.confirm', { group: group.name })}
        confirmLabel={t('groups.details.leave.confirmButton')}
        onConfirm={confirmLeave}
        pending={leave.isPending}
        destructive
        data-testid="leave-group-dialog"
      />
    </>
  );
}
