import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogActions, DialogContent } from '@/client/components/ui/dialog';

interface ActionConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The question, e.g. "Remove Bob from Garden Club?". */
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  destructive?: boolean;
  'data-testid'?: string;
}

/**
 * The shared confirm dialog's layout, with a test id on the confirm button
 * (`confirm-dialog-confirm`) that the browser tests click. Closing is refused
 * while the action runs; the caller closes it when the action is done.
 */
export function ActionConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  destructive = false,
  'data-testid': testId,
}: ActionConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
    >
      <DialogContent
        role="alertdialog"
        title={title}
        description={description}
        closeLabel={t('common.close')}
        data-testid={testId}
      >
        <DialogActions>
          <Button variant="secondary" disabled={pending} onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            disabled={pending}
            onClick={onConfirm}
            data-testid="confirm-dialog-confirm"
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
