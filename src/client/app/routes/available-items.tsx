import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';
import { AvailableItemsView } from '../../features/items/components/available-items-view';
import { NetworkRequestDialog } from '../../features/network-requests/components/network-request-dialog';

/**
 * Spec §2 Available Items: what contacts and groups share with the user;
 * 'Item not listed?' asks the whole network through the network request dialog.
 */
export function AvailableItemsPage() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <PageFrame title={t('pages.availableItems.title')} subtitle={t('pages.availableItems.subtitle')}>
      <AvailableItemsView onAskNetwork={() => setAsking(true)} />
      <NetworkRequestDialog open={asking} onOpenChange={setAsking} />
    </PageFrame>
  );
}
