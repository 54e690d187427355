import { KeyRound, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { useAuthUser } from '@/client/lib/auth/get-auth-user';
import { useUserGroups } from '../api/get-user-groups';
import { useDiscoverLocation } from '../use-discover-location';
import { CreateGroupDialog } from './create-group-dialog';
import { DiscoverPanel } from './discover-panel';
import { GroupList, GroupsEmptyState } from './group-list';
import { JoinGroupDialog } from './join-group-dialog';
import { SearchPanel } from './search-panel';

/** The query parameter of an invitation link: /groups?join=CODE opens the join dialog with the code. */
export const JOIN_PARAM = 'join';

interface JoinDialogState {
  initialCode?: string;
}

/**
 * Spec §2 Groups: Create group and Join group, and the tabs My Groups (with
 * count), Discover (GPS toggle, radius) and Search, each with its empty state.
 */
export function GroupsView() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const mine = useUserGroups(user.data?.id);
  const location = useDiscoverLocation();
  const [searchText, setSearchText] = useState('');
  const [createOpen, setCreateOpen] = useState(false);

  const [params, setParams] = useSearchParams();
  const linkCode = params.get(JOIN_PARAM);
  const [join, setJoin] = useState<JoinDialogState | null>(linkCode === null ? null : { initialCode: linkCode });
  // A new invitation link while this page is open opens the dialog too (state adjusted during render).
  const [seenLinkCode, setSeenLinkCode] = useState(linkCode);
  if (linkCode !== seenLinkCode) {
    setSeenLinkCode(linkCode);
    if (linkCode !== null) setJoin({ initialCode: linkCode });
  }

  const closeJoin = () => {
    setJoin(null);
    if (linkCode !== null) {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(JOIN_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  };

  const openCreate = () => setCreateOpen(true);
  const openJoin = () => setJoin({});
  const myGroups = mine.data;

  return (
    <>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={openJoin} data-testid="join-group">
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          {t('groups.joinGroup')}
        </Button>
        <Button onClick={openCreate} data-testid="create-group">
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('groups.createGroup')}
        </Button>
      </div>

      <Tabs defaultValue="mine" className="mt-6">
        <TabsList aria-label={t('groups.tabs.label')}>
          <TabsTrigger value="mine" data-testid="groups-tab-mine">
            {myGroups ? t('groups.tabs.mineCount', { total: myGroups.length }) : t('groups.tabs.mine')}
          </TabsTrigger>
          <TabsTrigger value="discover" data-testid="groups-tab-discover">
            {t('groups.tabs.discover')}
          </TabsTrigger>
          <TabsTrigger value="search" data-testid="groups-tab-search">
            {t('groups.tabs.search')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="mine">
          <GroupList
            groups={myGroups}
            isError={mine.isError || user.isError}
            onRetry={() => void (user.isError ? user.refetch() : mine.refetch())}
            label={t('groups.lists.mine')}
            empty={
              <GroupsEmptyState
                icon={Users}
                title={t('groups.empty.mineTitle')}
                description={t('groups.empty.mineDescription')}
              >
                <div className="mt-5 flex flex-wrap justify-center gap-2">
                  <Button variant="secondary" onClick={openJoin}>
                    {t('groups.joinGroup')}
                  </Button>
                  <Button onClick={openCreate}>{t('groups.createGroup')}</Button>
                </div>
              </GroupsEmptyState>
            }
          />
        </TabsContent>
        <TabsContent value="discover">
          <DiscoverPanel location={location} />
        </TabsContent>
        <TabsContent value="search">
          <SearchPanel text={searchText} onTextChange={setSearchText} />
        </TabsContent>
      </Tabs>

      <CreateGroupDialog open={createOpen} onOpenChange={setCreateOpen} />
      <JoinGroupDialog
        open={join !== null}
        onOpenChange={(open) => {
          if (!open) closeJoin();
        }}
        initialCode={join?.initialCode}
      />
    </>
  );
}
