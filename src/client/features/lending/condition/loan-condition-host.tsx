import { createContext, useContext, useState, type ReactNode } from 'react';
import { lazyDialog } from '@/client/components/ui/lazy-dialog';
import type { ConditionMode, LoanConditionDialogProps } from './loan-condition-dialog';

// Loaded when first opened: a loan's condition is not needed to show any page.
const LoanConditionDialog = lazyDialog(() => import('./loan-condition-dialog').then((m) => m.LoanConditionDialog));

type Opened = Omit<LoanConditionDialogProps, 'open' | 'onOpenChange'> & { initialMode?: ConditionMode };

/** Outside a host (a card rendered on its own), opening does nothing. */
const OpenLoanCondition = createContext<(loan: Opened) => void>(() => undefined);

/**
 * Opens a loan's condition (issue 36) from a card whose own actions vanish
 * with the step that opened it: the owner's "Return Item" turns the card
 * back into an item on the shelf, and the return's condition is asked for
 * just then. The buttons that stay use it too, so one dialog serves them all.
 */
export const useOpenLoanCondition = () => useContext(OpenLoanCondition);

/** The one place the dialog is rendered, around the signed-in frame; its state lives and dies with the frame. */
export function LoanConditionHost({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  return (
    <OpenLoanCondition.Provider value={setOpened}>
      {children}
      {opened && (
        <LoanConditionDialog
          key={opened.loanId}
          open
          onOpenChange={(open) => {
            if (!open) setOpened(null);
          }}
          {...opened}
        />
      )}
    </OpenLoanCondition.Provider>
  );
}
