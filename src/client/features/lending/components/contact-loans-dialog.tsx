import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { useContactLoans } from '../api/get-contact-loans';
import { LoanCountsLine } from './loan-counts';
import { LoanHistoryList } from './loan-history-list';
import { LoanQueryState } from './loan-query-state';

export interface ContactLoansDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contact: { id: string; name: string };
}

/** Issue 19, per contact: "Lent 3 · Borrowed 1" and the loans between the two of you. */
export function ContactLoansDialog({ open, onOpenChange, contact }: ContactLoansDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title={t('loanHistory.contact.title', { name: contact.name })}
          description={t('loanHistory.contact.description')}
          closeLabel={t('common.close')}
          data-testid="contact-loans-dialog"
        >
          <ContactLoans contactId={contact.id} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ContactLoans({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const history = useContactLoans(contactId);
  return (
    <LoanQueryState query={history}>
      {({ counts, loans }) => (
        <div className="space-y-3">
          <LoanCountsLine counts={counts} />
          <LoanHistoryList entries={loans} subject="person" emptyText={t('loanHistory.contact.empty')} />
        </div>
      )}
    </LoanQueryState>
  );
}
