import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/client/components/ui/dialog';
import { useContactLoans } from '../api/get-contact-loans';
import { PersonThanksSummary } from '../thanks/person-thanks';
import { LoanCountsLine } from './loan-counts';
import { LoanHistoryList } from './loan-history-list';
import { LoanQueryState } from './loan-query-state';

export interface ContactLoansDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `user`: the contact's account, when they have one (their thanks are shown if they share them with me). */
  contact: { id: string; name: string; user?: { id: string } | null };
}

/**
 * Issue 19, per contact: "Lent 3 · Borrowed 1" and the loans between the two of you; issue 36: for your
 * eyes only, how many of what you lent them came back on time, and what they were thanked for.
 */
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
          {contact.user && <PersonThanksSummary userId={contact.user.id} name={contact.name} />}
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
      {({ counts, returnedOnTime, loans }) => (
        <div className="space-y-3">
          <LoanCountsLine counts={counts} />
          {returnedOnTime.of > 0 && (
            <p className="text-sm text-slate-700" data-testid="contact-returned-on-time">
              {t('thanks.returnedOnTime', { onTime: returnedOnTime.onTime, of: returnedOnTime.of })}
            </p>
          )}
          <LoanHistoryList entries={loans} subject="person" emptyText={t('loanHistory.contact.empty')} />
        </div>
      )}
    </LoanQueryState>
  );
}
