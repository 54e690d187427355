import { AlertTriangle, ClipboardCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { useOpenLoanCondition } from './loan-condition-host';

/** "Something's wrong" is open on this loan (issue 36): shown until the owner settles it. */
export function ProblemFlag() {
  const { t } = useTranslation();
  return (
    <p className="flex items-center gap-1 text-sm font-medium text-amber-800" data-testid="loan-problem-flag">
      <AlertTriangle className="h-4 w-4" aria-hidden="true" />
      {t('condition.problemOpen')}
    </p>
  );
}

/** The loan's condition and problems (issue 36): photos at hand-out, "something's wrong". */
export function ConditionButton(props: { loanId: string; itemName: string; partnerName: string }) {
  const { t } = useTranslation();
  const openLoanCondition = useOpenLoanCondition();
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => openLoanCondition(props)}
      aria-label={t('condition.openNamed', { item: props.itemName })}
      data-testid="loan-condition-open"
    >
      <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
      {t('condition.open')}
    </Button>
  );
}
