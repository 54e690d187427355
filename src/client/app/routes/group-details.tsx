import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';

/** Page frame only (spec §2 Group details, /groups/:id); the screen itself comes with its own issue. */
export function GroupDetailsPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pages.groupDetails.title')} subtitle={t('pages.groupDetails.subtitle')} />;
}
