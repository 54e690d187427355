import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { availableItemsQueryOptions, UNFILTERED_AVAILABLE_ITEMS } from '../../features/items/api/get-available-items';
import { AvailableItemsView } from '../../features/items/components/available-items-view';

const NetworkRequestDialog = lazyDialog(() =>
  import('../../features/network-requests/components/network-request-dialog').then((m) => m.NetworkRequestDialog),
);

/** The first page of the list, requested while the rest of the first screen loads (app/first-page-preload.ts). */
export function prefetch(queryClient: QueryClient): void {
  void queryClient.prefetchInfiniteQuery(availableItemsQueryOptions(UNFILTERED_AVAILABLE_ITEMS));
}

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
