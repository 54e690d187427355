import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageFrame } from '../../components/layouts/page-frame';
import { buttonClasses } from '../../components/ui/button';

/** Signed-in fallback for unknown paths (spec §2 Routes). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('notFound.title')} subtitle={t('notFound.hint')}>
      <Link href="/" className={buttonClasses('secondary', 'md', 'mt-6')}>
        {t('common.goHome')}
      </Link>
    </PageFrame>
  );
}
