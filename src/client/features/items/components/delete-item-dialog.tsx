import { useTranslation } from 'react-i18next';
import type { OwnItem } from '@/contract/schemas/item';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { toast } from '@/client/components/ui/toast-store';
import { useDeleteItem } from '../api/delete-item';
import { itemErrorDescription } from '../item-error-message';

export interface DeleteItemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: OwnItem;
}

/**
 * Spec §2 item card: confirm 'Are you sure you want to delete this item?',
 * then delete with a success or failure toast (a lent-out item: the server's
 * item_lent_out message). Closing is refused while the deletion runs.
 */
export function DeleteItemDialog({ open, onOpenChange, item }: DeleteItemDialogProps) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteItem();

  const confirm = async () => {
    try {
      // mutateAsync, not mutate's callbacks: the card holding this dialog may
      // unmount once the refreshed list no longer has the item.
      await remove.mutateAsync(item.id);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('items.toasts.deleteFailed'),
        description: itemErrorDescription(error, i18n),
      });
      return;
    }
    toast({ title: t('items.toasts.deleted') });
    onOpenChange(false);
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next || !remove.isPending) onOpenChange(next);
      }}
      title={t('items.delete.title')}
      description={t('items.delete.confirm')}
      confirmLabel={t('items.delete.confirmButton')}
      cancelLabel={t('common.cancel')}
      closeLabel={t('common.close')}
      onConfirm={() => void confirm()}
      pending={remove.isPending}
      destructive
      data-testid="delete-item-dialog"
    />
  );
}
