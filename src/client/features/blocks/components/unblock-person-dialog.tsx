import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useUnblockPerson } from '../api/unblock-person';
import { refreshAfterBlockChange } from '../api/refresh-after-block-change';
import type { PersonRef } from '../blocked-person-ref';

interface UnblockPersonDialogProps {
  open: boolean;
  /** Whom to unblock. */
  person: PersonRef;
  onClose: () => void;
}

/** Confirms lifting a block, then refreshes what it had hidden (items, conversations, requests). */
export function UnblockPersonDialog({ open, person, onClose }: UnblockPersonDialogProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const unblock = useUnblockPerson();
  const { name } = person;

  const confirm = async () => {
    const done = await runWithToasts(() => unblock.mutateAsync(person.userId), i18n, {
      failure: t('blocks.unblock.failed', { name }),
      success: { title: t('blocks.unblock.success', { name }) },
    });
    if (!done) return;
    onClose();
    void refreshAfterBlockChange(queryClient);
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !unblock.isPending) onClose();
      }}
      title={t('blocks.unblock.title', { name })}
      description={t('blocks.unblock.description', { name })}
      confirmLabel={t('blocks.unblock.confirm')}
      cancelLabel={t('common.cancel')}
      closeLabel={t('common.close')}
      onConfirm={() => void confirm()}
      pending={unblock.isPending}
      data-testid="unblock-person-dialog"
    />
  );
}
