import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';

/** Page frame only (spec §2 My Items); the screen itself comes with its own issue. */
export function MyItemsPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pages.myItems.title')} subtitle={t('pages.myItems.subtitle')} />;
}
