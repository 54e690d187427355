import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';

/** Page frame only (spec §2 Groups); the screen itself comes with its own issue. */
export function GroupsPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pages.groups.title')} subtitle={t('pages.groups.subtitle')} />;
}
