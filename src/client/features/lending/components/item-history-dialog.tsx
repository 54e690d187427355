import { useTranslation } from 'react-i18next';
import type { OwnItem } from '@/contract/schemas/item';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { useItemLoans } from '../api/get-item-loans';
import { LoanHistoryList } from './loan-history-list';
import { LoanQueryState } from './loan-query-state';

export interface ItemHistoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: Pick<OwnItem, 'id' | 'name'>;
}

/** The owner's lending history of one item (issue 19): who borrowed it, when, and how it ended. */
export function ItemHistoryDialog({ open, onOpenChange, item }: ItemHistoryDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title={t('loanHistory.history.title', { name: item.name })}
          description={t('loanHistory.history.description')}
          closeLabel={t('common.close')}
          data-testid="item-history-dialog"
        >
          <ItemHistory itemId={item.id} />
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Mounted only while the dialog is open, so the history is asked for when someone looks. */
function ItemHistory({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const loans = useItemLoans(itemId);
  return (
    <LoanQueryState query={loans}>
      {(entries) => <LoanHistoryList entries={entries} subject="item" emptyText={t('loanHistory.history.empty')} />}
    </LoanQueryState>
  );
}
