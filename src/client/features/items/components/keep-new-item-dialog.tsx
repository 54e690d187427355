import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { toast } from '@/client/components/ui/toast-store';
import { useDeleteItem } from '../api/delete-item';

interface KeepNewItemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: { id: string; name: string };
}

/**
 * Asked when the edit dialog of an item just made from a photo or a barcode
 * is closed without saving (issue 33, defect 11): the item exists already,
 * so closing must not silently keep what the person may not want. Keep is
 * the safe answer (closing this dialog any other way keeps it too); Discard
 * deletes the item with its photo.
 */
export function KeepNewItemDialog({ open, onOpenChange, item }: KeepNewItemDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteItem();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('items.keepNew.title')}
      description={t('items.keepNew.description', { name: item.name })}
      confirmLabel={t('items.keepNew.discard')}
      cancelLabel={t('items.keepNew.keep')}
      closeLabel={t('common.close')}
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(item.id, {
          onSuccess: () => {
            toast({ title: t('items.keepNew.discarded') });
            onOpenChange(false);
          },
          onError: () => toast({ variant: 'destructive', title: t('items.keepNew.discardFailed') }),
        })
      }
      data-testid="keep-new-item-dialog"
    />
  );
}
