import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';

/** Page frame only (spec §2 Profile); the screen itself comes with its own issue. */
export function ProfilePage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pages.profile.title')} subtitle={t('pages.profile.subtitle')} />;
}
