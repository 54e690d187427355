import { Bell, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/layouts/page-frame';
import { useAuthUser } from '../../lib/auth/get-auth-user';
import { BlockedPeopleList } from '../../features/blocks/components/blocked-people-list';
import { ProfileLoanCounts } from '../../features/lending/components/profile-loan-counts';
import { ReceivedThanksCard } from '../../features/lending/thanks/received-thanks-card';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';
import { ProfileView } from '../../features/profile/components/profile-view';
import { PasskeysCard } from '../../features/passkeys/components/passkeys-card';

/**
 * Spec §2 Profile, plus the Notifications and Blocked people tabs
 * (docs/decisions/0018), one's loan counts (issue 19) and the thanks one
 * received, each to show or hide (issue 36).
 * Signed-in routes render only with a session user, so it is there.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useAuthUser().data;
  return (
    <PageFrame title={t('pages.profile.title')} subtitle={t('pages.profile.subtitle')}>
      {user && (
        <ProfileView
          user={user}
          accountExtras={
            <>
              <ProfileLoanCounts />
              <ReceivedThanksCard />
              <PasskeysCard />
            </>
          }
          extraTabs={[
            {
              value: 'notifications',
              label: t('notificationSettings.tab'),
              icon: Bell,
              content: <NotificationSettings />,
            },
            { value: 'blocked', label: t('blocks.list.tab'), icon: UserX, content: <BlockedPeopleList /> },
          ]}
        />
      )}
    </PageFrame>
  );
}
