import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';
import { AvailableItemsView } from '../../features/items/components/available-items-view';

/**
 * Spec §2 Available Items: what contacts and groups share with the user. Ask
 * network gets its handler with the network request dialog (a later issue).
 */
export function AvailableItemsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.availableItems.title')} subtitle={t('pages.availableItems.subtitle')}>
      <AvailableItemsView />
    </PageFrame>
  );
}
