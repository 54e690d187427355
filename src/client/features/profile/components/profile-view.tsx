import { Activity, UserRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import type { User } from '@/contract/schemas/user';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { AccountActivityTab } from './account-activity-tab';
import { ProfileTab } from './profile-tab';

/** A tab from outside this feature (the Profile page adds Blocked people). */
export interface ProfileExtraTab {
  value: string;
  label: string;
  icon: LucideIcon;
  content: ReactNode;
}

/**
 * Spec §2 Profile: the Profile and Account Activity tabs, and any the page
 * adds. On phones the tabs sit two by two (four labels such as
 * "Benachrichtigungen" cannot share one row at 360 px) and show no icons;
 * from the sm breakpoint up they share one row, icons included. The open tab
 * lives in the address (`/profile?tab=notifications`, issue 33), so it can be
 * linked to (the email digest's settings link) and survives a reload.
 */
export interface ProfileViewProps {
  user: User;
  extraTabs?: readonly ProfileExtraTab[];
  /** Cards from outside this feature under the account information (the Profile page adds the loan counts). */
  accountExtras?: ReactNode;
}

const FIRST_TAB = 'profile';

export function ProfileView({ user, extraTabs = [], accountExtras }: ProfileViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabs = [FIRST_TAB, 'activity', ...extraTabs.map((tab) => tab.value)];
  const requested = params.get('tab');
  const tab = requested !== null && tabs.includes(requested) ? requested : FIRST_TAB;
  const show = (next: string) => setParams(next === FIRST_TAB ? {} : { tab: next }, { replace: true });
  return (
    <Tabs value={tab} onValueChange={show} className="mt-6">
      <TabsList aria-label={t('profile.tabs.label')} layout="two-columns-on-phones" className="sm:max-w-2xl">
        <TabsTrigger value={FIRST_TAB} data-testid="profile-tab-profile">
          <UserRound className="hidden h-4 w-4 sm:block" aria-hidden="true" />
          {t('profile.tabs.profile')}
        </TabsTrigger>
        <TabsTrigger value="activity" data-testid="profile-tab-activity">
          <Activity className="hidden h-4 w-4 sm:block" aria-hidden="true" />
          {t('profile.tabs.activity')}
        </TabsTrigger>
        {extraTabs.map(({ value, label, icon: Icon }) => (
          <TabsTrigger key={value} value={value} data-testid={`profile-tab-${value}`}>
            <Icon className="hidden h-4 w-4 sm:block" aria-hidden="true" />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={FIRST_TAB}>
        <ProfileTab user={user} accountExtras={accountExtras} />
      </TabsContent>
      <TabsContent value="activity">
        <AccountActivityTab user={user} />
      </TabsContent>
      {extraTabs.map(({ value, content }) => (
        <TabsContent key={value} value={value}>
          {content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
