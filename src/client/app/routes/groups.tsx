import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';
import { GroupsView } from '../../features/groups/components/groups-view';

/** Spec §2 Groups: the user's groups, discovery near a position, search, and the create and join dialogs. */
export function GroupsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.groups.title')} subtitle={t('pages.groups.subtitle')}>
      <GroupsView />
    </PageFrame>
  );
}
