import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog, DialogActions, DialogContent } from './dialog';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** On (the default) for a form: opening focuses its first field. Off for a dialog that opens on a choice. */
  focusFirstField?: boolean;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * The shell of a dialog that holds a form: title, description and the
 * corner close button. The content is mounted only while the dialog is open,
 * so every opening starts with a fresh form and a closed dialog costs nothing.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  focusFirstField = true,
  'data-testid': testId,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title={title}
          description={description}
          closeLabel={t('common.close')}
          focusFirstField={focusFirstField}
          data-testid={testId}
        >
          {children}
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * Where the buttons sit under the form: `spaced` sets them off the last
 * field, `tight` follows a field that brings its own space, `sticky` marks
 * them off with a line for a long form. Whichever: they stick to the bottom
 * of the dialog (DialogActions), so they stay in view at every width.
 */
export type FormDialogActionsLayout = 'spaced' | 'tight' | 'sticky';

const LAYOUT_CLASSES: Record<FormDialogActionsLayout, string> = {
  spaced: 'pt-2',
  tight: '',
  sticky: 'border-t border-slate-200 pt-3',
};

interface FormDialogActionsProps {
  /** The submit button's text; Cancel is always "Cancel". */
  submitLabel: ReactNode;
  onCancel: () => void;
  /** While the form is being sent both buttons are disabled. */
  busy: boolean;
  submitTestId: string;
  cancelTestId?: string;
  layout?: FormDialogActionsLayout;
}

/** Cancel and submit at the end of a dialog's form: stacked with submit on top on phones, side by side from sm up. */
export function FormDialogActions({
  submitLabel,
  onCancel,
  busy,
  submitTestId,
  cancelTestId,
  layout = 'spaced',
}: FormDialogActionsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions className={LAYOUT_CLASSES[layout]}>
      <Button variant="secondary" onClick={onCancel} disabled={busy} data-testid={cancelTestId}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={busy} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
