import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';

/** Page frame only (spec §2 GDPR: privacy, export, deletion); the screen itself comes with its own issue. */
export function GdprPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pages.gdpr.title')} subtitle={t('pages.gdpr.subtitle')} />;
}
