import { useTranslation } from 'react-i18next';
import type { Contact } from '@/contract/schemas/contact';
import type { OwnItem } from '@/contract/schemas/item';
import { FormDialog } from '@/client/components/ui/form-dialog';
import type { ContactsStatus } from './borrower-picker';
import { RecordLoanForm } from './record-loan-form';

export interface RecordLoanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: Pick<OwnItem, 'id' | 'name' | 'status' | 'requestCounts'>;
  /** The owner's address book (the page loads it: features do not import each other). */
  contacts: readonly Contact[];
  contactsStatus: ContactsStatus;
}

/** Issue 19: the owner writes down a loan that happened outside the app. A fresh form per opening. */
export function RecordLoanDialog({ open, onOpenChange, item, contacts, contactsStatus }: RecordLoanDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('loanHistory.record.title', { name: item.name })}
      description={t('loanHistory.record.description')}
      data-testid="record-loan-dialog"
    >
      <RecordLoanForm
        item={item}
        contacts={contacts}
        contactsStatus={contactsStatus}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}
