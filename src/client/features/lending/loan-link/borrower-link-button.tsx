import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { lazyDialog } from '@/client/components/ui/lazy-dialog';

// Loaded when first opened: the card does not need it to show.
const BorrowerLinkDialog = lazyDialog(() => import('./borrower-link-dialog').then((m) => m.BorrowerLinkDialog));

/** "Borrower link" on the owner's card of a loan to someone without an account (issue 36). */
export function BorrowerLinkButton(props: { loanId: string; itemName: string; borrowerName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={t('loanLink.owner.actionNamed', { name: props.borrowerName })}
        data-testid="borrower-link-open"
      >
        <Link2 className="h-4 w-4" aria-hidden="true" />
        {t('loanLink.owner.action')}
      </Button>
      <BorrowerLinkDialog open={open} onOpenChange={setOpen} {...props} />
    </>
  );
}
