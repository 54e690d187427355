import { useTranslation } from 'react-i18next';
import type { GroupDetails, GroupMember } from '@/contract/schemas/group';
import { toast } from '@/client/components/ui/toast-store';
import { useRemoveMember } from '../api/remove-member';
import { useTransferAdmin } from '../api/transfer-admin';
import { ActionConfirmDialog } from './action-confirm-dialog';
import { toastGroupError } from './group-error-message';

/** What the admin picked in a member's menu; null keeps both dialogs closed. */
export type MemberAction = { kind: 'transfer' | 'remove'; member: GroupMember } | null;

interface MemberActionDialogsProps {
  group: GroupDetails;
  action: MemberAction;
  onClose: () => void;
}

/** Spec §2: confirmations for Transfer Admin and Remove Member, then the call with its toast. */
export function MemberActionDialogs({ group, action, onClose }: MemberActionDialogsProps) {
  const { t, i18n } = useTranslation();
  const transfer = useTransferAdmin();
  const remove = useRemoveMember();
  const member = action?.member;
  const name = member?.user.name ?? '';

  const confirmTransfer = () => {
    if (!member) return;
    transfer.mutate(
      { groupId: group.id, newAdminId: member.userId },
      {
        onSuccess: () => {
          toast({ title: t('groups.details.transfer.success', { name }) });
          onClose();
        },
        onError: (error) => toastGroupError(t('groups.details.transfer.failed'), error, i18n),
      },
    );
  };

  const confirmRemove = () => {
    if (!member) return;
    remove.mutate(
      { groupId: group.id, userId: member.userId },
      {
        onSuccess: () => {
          toast({ title: t('groups.details.remove.success', { name }) });
          onClose();
        },
        onError: (error) => toastGroupError(t('groups.details.remove.failed'), error, i18n),
      },
    );
  };

  return (
    <>
      <ActionConfirmDialog
        open={action?.kind === 'transfer'}
        onClose={onClose}
        title={t('groups.details.transfer.title')}
        description={t('groups.details.transfer.confirm', { name, group: group.name })}
        confirmLabel={t('groups.details.transfer.confirmButton')}
        onConfirm={confirmTransfer}
        pending={transfer.isPending}
        data-testid="transfer-admin-dialog"
      />
      <ActionConfirmDialog
        open={action?.kind === 'remove'}
        onClose={onClose}
        title={t('groups.details.remove.title')}
        description={t('groups.details.remove.confirm', { name, group: group.name })}
        confirmLabel={t('groups.details.remove.confirmButton')}
        onConfirm={confirmRemove}
        pending={remove.isPending}
        destructive
        data-testid="remove-member-dialog"
      />
    </>
  );
}
