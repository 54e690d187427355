import { useTranslation } from 'react-i18next';
import type { User } from '@/contract/schemas/user';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { ProfileCard } from './card';

/** Spec §2: account id, username and member-since date (N/A when the date is unknown). */
export function AccountInfoCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { formatDate } = useDateFormatters();
  const memberSince = formatDate(user.createdAt) || t('profile.account.notAvailable');

  return (
    <ProfileCard title={t('profile.account.title')} data-testid="account-info">
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-slate-600">{t('profile.account.id')}</dt>
          <dd className="mt-0.5 font-mono text-xs break-all text-slate-900" data-testid="account-id">
            {user.id}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('profile.account.username')}</dt>
          <dd className="mt-0.5 break-all text-slate-900" data-testid="account-username">
            @{user.username}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('profile.account.memberSince')}</dt>
          <dd className="mt-0.5 text-slate-900" data-testid="account-member-since">
            {memberSince}
          </dd>
        </div>
      </dl>
    </ProfileCard>
  );
}
