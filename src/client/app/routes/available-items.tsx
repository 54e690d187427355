import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';

/** Page frame only (spec §2 Available Items); the screen itself comes with its own issue. */
export function AvailableItemsPage() {
  const { t } = useTranslation();
  return <PageFrame title={t('pages.availableItems.title')} subtitle={t('pages.availableItems.subtitle')} />;
}
