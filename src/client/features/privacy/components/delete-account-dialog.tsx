import { LoaderCircle, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogActions, DialogContent } from '@/client/components/ui/dialog';
import { toast } from '@/client/components/ui/toast-store';
import { failureDescription } from '@/client/lib/error-message';
import { useDeleteAccount } from '../api/delete-account';

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
}

/**
 * The last step of spec §2 GDPR deletion: the final button stays disabled
 * until the person ticks that they understand (spec §5: "Account deletion
 * needs the checkbox"). On success the hook leaves for / with a full page
 * load; on failure the dialog stays open with a toast.
 */
export function DeleteAccountDialog({ open, onOpenChange, userId }: DeleteAccountDialogProps) {
  const { t, i18n } = useTranslation('privacy');
  const checkboxId = useId();
  const [understood, setUnderstood] = useState(false);
  const deleteAccount = useDeleteAccount();
  // Succeeded: the page is about to reload; nothing may be clicked again meanwhile.
  const busy = deleteAccount.isPending || deleteAccount.isSuccess;

  const changeOpen = (next: boolean) => {
    if (busy) return;
    // Every opening asks again.
    if (!next) setUnderstood(false);
    onOpenChange(next);
  };

  const confirm = () => {
    deleteAccount.mutate(userId, {
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('privacy:deletion.failed'),
          description: failureDescription(error, i18n) ?? t('privacy:deletion.failedDescription'),
        });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        role="alertdialog"
        title={t('privacy:deletion.dialogTitle')}
        description={t('privacy:deletion.dialogDescription')}
        closeLabel={t('privacy:deletion.close')}
        data-testid="delete-account-dialog"
      >
        <label
          htmlFor={checkboxId}
          className="mb-5 flex cursor-pointer items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-950"
        >
          <input
            id={checkboxId}
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 accent-red-700"
            checked={understood}
            disabled={busy}
            onChange={(event) => setUnderstood(event.target.checked)}
            data-testid="delete-account-acknowledge"
          />
          <span>{t('privacy:deletion.acknowledge')}</span>
        </label>
        <DialogActions>
          <Button variant="secondary" disabled={busy} onClick={() => changeOpen(false)}>
            {t('privacy:deletion.cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={!understood || busy}
            aria-busy={busy}
            onClick={confirm}
            data-testid="delete-account-confirm"
          >
            {busy ? (
              <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            )}
            {t('privacy:deletion.confirm')}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
