import { Activity, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../../contract/schemas/user';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { AccountActivityTab } from './account-activity-tab';
import { ProfileTab } from './profile-tab';

/**
 * Spec §2 Profile: two tabs. The labels share the row equally; their icons
 * show from the sm breakpoint up, so the longest label ("Attività
 * dell’account") fits a 360 px phone without scrolling.
 */
export function ProfileView({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="profile" className="mt-6">
      <TabsList aria-label={t('profile.tabs.label')} className="sm:max-w-md">
        <TabsTrigger value="profile" data-testid="profile-tab-profile">
          <UserRound className="hidden h-4 w-4 sm:block" aria-hidden="true" />
          {t('profile.tabs.profile')}
        </TabsTrigger>
        <TabsTrigger value="activity" data-testid="profile-tab-activity">
          <Activity className="hidden h-4 w-4 sm:block" aria-hidden="true" />
          {t('profile.tabs.activity')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="profile">
        <ProfileTab user={user} />
      </TabsContent>
      <TabsContent value="activity">
        <AccountActivityTab user={user} />
      </TabsContent>
    </Tabs>
  );
}
