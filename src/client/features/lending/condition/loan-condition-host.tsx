import { useSyncExternalStore } from 'react';
import { lazyDialog } from '@/client/components/ui/lazy-dialog';
import type { ConditionMode, LoanConditionDialogProps } from './loan-condition-dialog';

// Loaded when first opened: a loan's condition is not needed to show any page.
const LoanConditionDialog = lazyDialog(() => import('./loan-condition-dialog').then((m) => m.LoanConditionDialog));

type Opened = Omit<LoanConditionDialogProps, 'open' | 'onOpenChange'> & { initialMode?: ConditionMode };

let opened: Opened | null = null;
const listeners = new Set<() => void>();
function set(next: Opened | null) {
  opened = next;
  for (const listener of listeners) listener();
}

/**
 * Opens a loan's condition from anywhere (issue 36): from a card whose own
 * actions vanish with the step that opened it (the owner's "Return Item"
 * turns the card back into an item on the shelf, and the return's condition
 * is asked for just then), or from a card that stays.
 */
export function openLoanCondition(loan: Opened): void {
  set(loan);
}

/** The one place the dialog is rendered, in the signed-in frame. */
export function LoanConditionHost() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => opened,
  );
  if (!current) return null;
  return (
    <LoanConditionDialog
      key={current.loanId}
      open
      onOpenChange={(open) => {
        if (!open) set(null);
      }}
      {...current}
    />
  );
}
