import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { PageFrame } from '../../components/layouts/page-frame';
import { BorrowerLoanView } from '../../features/lending/loan-link/borrower-loan-view';

/**
 * /loan/{token} (issue 36, docs/decisions/0049): a loan opened by its
 * private link, signed in or not; the link is all it needs.
 */
export function LoanLinkPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams<{ token: string }>();
  return (
    <PageFrame title={t('loanLink.page.heading')} subtitle={t('loanLink.page.subtitle')}>
      <BorrowerLoanView token={token} />
    </PageFrame>
  );
}
