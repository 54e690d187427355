import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { lazyDialog } from '@/client/components/ui/lazy-dialog';

const ContactLoansDialog = lazyDialog(() => import('./contact-loans-dialog').then((m) => m.ContactLoansDialog));

/** "Loans" on a contact card (the Contacts page adds it): opens what the two of you lent each other. */
export function ContactLoansButton({
  contact,
}: {
  contact: { id: string; name: string; user?: { id: string } | null };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={t('loanHistory.contact.actionNamed', { name: contact.name })}
        data-testid="contact-loans"
      >
        <History className="h-4 w-4" aria-hidden="true" />
        {t('loanHistory.contact.action')}
      </Button>
      <ContactLoansDialog open={open} onOpenChange={setOpen} contact={contact} />
    </>
  );
}
