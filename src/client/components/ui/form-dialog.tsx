import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';

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
 * field, `tight` follows a field that brings its own space, `sticky` keeps
 * them in view at the bottom of a long form on phones (from sm up they sit
 * after the form as usual).
 */
export type FormDialogActionsLayout = 'spaced' | 'tight' | 'sticky';

const LAYOUT_CLASSES: Record<FormDialogActionsLayout, string> = {
  spaced: 'flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end',
  tight: 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
  sticky:
    'sticky -bottom-5 -mx-5 -mb-5 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:static sm:mx-0 sm:mb-0 sm:flex-row sm:justify-end sm:border-0 sm:px-0 sm:pb-0',
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
    <div className={LAYOUT_CLASSES[layout]}>
      <Button variant="secondary" onClick={onCancel} disabled={busy} data-testid={cancelTestId}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={busy} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </div>
  );
}
