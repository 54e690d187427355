import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogActions, DialogContent } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question itself, e.g. "Remove Bob from your contacts?". */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  onConfirm: () => void;
  /** Disables both buttons while the action runs. */
  pending?: boolean;
  destructive?: boolean;
  /** Radix's close auto-focus: a caller whose trigger goes away with the action moves focus itself. */
  onCloseAutoFocus?: (event: Event) => void;
  'data-testid'?: string;
}

/** A yes/no question in a dialog (role alertdialog). The caller closes it when the action is done. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  closeLabel,
  onConfirm,
  pending = false,
  destructive = false,
  onCloseAutoFocus,
  'data-testid': testId,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        title={title}
        description={description}
        closeLabel={closeLabel}
        onCloseAutoFocus={onCloseAutoFocus}
        data-testid={testId}
      >
        <DialogActions>
          <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'destructive' : 'primary'} disabled={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
