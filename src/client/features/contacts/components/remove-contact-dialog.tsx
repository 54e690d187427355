import { useTranslation } from 'react-i18next';
import type { Contact } from '@/contract/schemas/contact';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { toast } from '@/client/components/ui/toast-store';
import { getErrorMessage } from '@/client/lib/error-message';
import { useDeleteContact } from '../api/delete-contact';

interface RemoveContactDialogProps {
  /** The contact to remove; null keeps the dialog closed. */
  contact: Contact | null;
  /** The signed-in user's id, part of the DELETE path. */
  userId: string | undefined;
  onClose: () => void;
}

/** Spec §2: confirm 'Remove {name} from your contacts?', then delete with a success or failure toast. */
export function RemoveContactDialog({ contact, userId, onClose }: RemoveContactDialogProps) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteContact();

  const confirm = () => {
    if (!contact) return;
    const failed = (error: unknown) =>
      toast({ variant: 'destructive', title: t('contacts.remove.failed'), description: getErrorMessage(error, i18n) });
    if (!userId) {
      failed(null);
      return;
    }
    remove.mutate(
      { userId, contactId: contact.id },
      {
        onSuccess: () => {
          toast({ title: t('contacts.remove.success') });
          onClose();
        },
        onError: failed,
      },
    );
  };

  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={t('contacts.remove.title')}
      description={t('contacts.remove.confirm', { name: contact?.name ?? '' })}
      confirmLabel={t('contacts.remove.confirmButton')}
      cancelLabel={t('common.cancel')}
      closeLabel={t('common.close')}
      onConfirm={confirm}
      pending={remove.isPending}
      destructive
      data-testid="remove-contact-dialog"
    />
  );
}
