import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/contract/schemas/user';
import { AccountInfoCard } from './account-info-card';
import { CalendarFeedCard } from './calendar-feed-card';
import { ProfileCard } from './card';
import { PrivacyNote } from './privacy-note';
import { ProfileForm } from './profile-form';
import { ProfilePhotoField } from './profile-photo-field';

/**
 * The Profile tab: photo and form in one card; account information, the
 * page's extra cards, the calendar feed and the privacy note beside it
 * (below on phones).
 */
export function ProfileTab({ user, accountExtras }: { user: User; accountExtras?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 lg:grid-cols-3 lg:items-start">
      <div className="lg:col-span-2">
        <ProfileCard title={t('profile.details.title')} description={t('profile.details.description')}>
          <div className="space-y-6">
            <ProfilePhotoField user={user} />
            <hr className="border-slate-200" />
            <ProfileForm user={user} />
          </div>
        </ProfileCard>
      </div>
      <div className="space-y-4">
        <AccountInfoCard user={user} />
        {accountExtras}
        <CalendarFeedCard />
        <PrivacyNote />
      </div>
    </div>
  );
}
