import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';
import { myItemsQueryOptions } from '../../features/items/api/get-my-items';
import { MyItemsView } from '../../features/items/components/my-items-view';

/** The list, requested while the rest of the first screen loads (app/first-page-preload.ts). */
export function prefetch(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(myItemsQueryOptions());
}

/** Spec §2 My Items: the user's own items with stat tiles, filters, owner cards and the item dialogs. */
export function MyItemsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.myItems.title')} subtitle={t('pages.myItems.subtitle')}>
      <MyItemsView />
    </PageFrame>
  );
}
