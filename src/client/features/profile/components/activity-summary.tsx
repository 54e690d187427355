import { CalendarDays, Clock, LogIn, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/contract/schemas/user';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { cn } from '@/client/lib/cn';

interface SummaryCardProps {
  icon: LucideIcon;
  label: string;
  /** The big line: a relative time, a date, or 'Never'. */
  value: string;
  /** The full date under it, when there is one. */
  detail?: string;
  /** The detail is a relative time ("now", "jetzt"), which starts a line here and so takes a capital. */
  relativeDetail?: boolean;
  testId: string;
}

function SummaryCard({ icon: Icon, label, value, detail, relativeDetail = false, testId }: SummaryCardProps) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <p className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <Icon className="h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
        {label}
      </p>
      <p className="mt-2 text-xl font-semibold text-slate-900 first-letter:uppercase" data-testid={`${testId}-value`}>
        {value}
      </p>
      {detail && (
        <p className={cn('mt-0.5 text-sm text-slate-600', relativeDetail && 'first-letter:uppercase')}>{detail}</p>
      )}
    </li>
  );
}

/**
 * Spec §2 Account Activity cards: Last Login and Last Active as a relative
 * time with the full date under it, or 'Never'; Member Since as a date.
 */
export function ActivitySummary({ user, now }: { user: User; now: number }) {
  const { t } = useTranslation();
  const { formatRelativeTime, formatFullDateTime, formatDate } = useDateFormatters();
  const moment = (value: string | null, testId: string, label: string, icon: LucideIcon) =>
    value ? (
      <SummaryCard
        icon={icon}
        label={label}
        value={formatRelativeTime(value, now)}
        detail={formatFullDateTime(value)}
        testId={testId}
      />
    ) : (
      <SummaryCard icon={icon} label={label} value={t('profile.activity.never')} testId={testId} />
    );

  return (
    <ul aria-label={t('profile.activity.summaryLabel')} className="grid gap-3 sm:grid-cols-3">
      {moment(user.lastLogin, 'activity-last-login', t('profile.activity.lastLogin'), LogIn)}
      {moment(user.lastActive, 'activity-last-active', t('profile.activity.lastActive'), Clock)}
      <SummaryCard
        icon={CalendarDays}
        label={t('profile.activity.memberSince')}
        value={formatDate(user.createdAt) || t('profile.account.notAvailable')}
        detail={formatRelativeTime(user.createdAt, now)}
        relativeDetail
        testId="activity-member-since"
      />
    </ul>
  );
}
