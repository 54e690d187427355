import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';
import { MyItemsView } from '../../features/items/components/my-items-view';

/** Spec §2 My Items: the user's own items with stat tiles, filters, owner cards and the item dialogs. */
export function MyItemsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.myItems.title')} subtitle={t('pages.myItems.subtitle')}>
      <MyItemsView />
    </PageFrame>
  );
}
