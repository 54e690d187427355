import { History, Monitor, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import type { LoginHistoryEntry } from '@/contract/schemas/user';
import { Button } from '@/client/components/ui/button';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { useFailureToast } from '@/client/lib/use-failure-toast';
import { useLoginHistory } from '../api/get-login-history';
import { DEVICE_LABEL_KEYS, getDeviceKind, isMobileUserAgent } from '../device-label';
import { ProfileCard } from './card';

/** 'builtin-oidc' and 'oidc' in words; a method this client does not know is shown as the server names it. */
function useLoginMethodName() {
  const { t, i18n } = useTranslation();
  return (method: string) => {
    const key = `profile.activity.methods.${method}`;
    return i18n.exists(key) ? t(key) : method;
  };
}

function HistoryRow({ entry, now }: { entry: LoginHistoryEntry; now: number }) {
  const { t } = useTranslation();
  const { formatRelativeTime, formatDateTime } = useDateFormatters();
  const methodName = useLoginMethodName();
  const Icon = isMobileUserAgent(entry.userAgent) ? Smartphone : Monitor;
  return (
    <li className="flex items-start gap-3 py-3" data-testid="login-history-row">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-medium text-slate-900" data-testid="login-history-device">
            {t(DEVICE_LABEL_KEYS[getDeviceKind(entry.userAgent)])}
          </p>
          <p className="text-sm text-slate-600 first-letter:uppercase" data-testid="login-history-relative">
            {formatRelativeTime(entry.loginAt, now)}
          </p>
        </div>
        <p className="mt-0.5 text-sm text-slate-600">
          <time dateTime={entry.loginAt}>{formatDateTime(entry.loginAt)}</time>
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-600">
          {entry.ipAddress && (
            <span className="break-all" data-testid="login-history-ip">
              {t('profile.activity.ipAddress', { ip: entry.ipAddress })}
            </span>
          )}
          <span data-testid="login-history-method">
            {t('profile.activity.method', { method: methodName(entry.loginMethod) })}
          </span>
        </p>
      </div>
    </li>
  );
}

/** Spec §9: five placeholder rows while the history loads; the label is read out instead. */
function HistorySkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="login-history-loading">
      <span className="sr-only">{t('profile.activity.loading')}</span>
      <ul className="divide-y divide-slate-100" aria-hidden="true">
        {Array.from({ length: LIMITS.loginHistorySkeletonRows }, (_, index) => (
          <li key={index} className="flex items-start gap-3 py-3" data-testid="login-history-skeleton">
            <span className="h-10 w-10 shrink-0 animate-pulse rounded-full bg-slate-200" />
            <span className="flex-1 space-y-2 pt-1">
              <span className="block h-4 w-1/3 animate-pulse rounded bg-slate-200" />
              <span className="block h-3 w-2/3 animate-pulse rounded bg-slate-100" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Spec §2 recent login history: device, date, IP when known, method and how long ago. */
export function LoginHistoryList({ now }: { now: number }) {
  const { t } = useTranslation();
  const history = useLoginHistory();
  useFailureToast(history, t('profile.activity.loadFailed'));

  let content;
  if (history.isPending) {
    content = <HistorySkeleton />;
  } else if (history.isError) {
    content = (
      <div className="flex flex-col items-start gap-3" data-testid="login-history-error">
        <p className="text-sm text-slate-700">{t('profile.activity.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
          {t('profile.activity.retry')}
        </Button>
      </div>
    );
  } else if (history.data.length === 0) {
    content = (
      <div className="flex flex-col items-center py-6 text-center" data-testid="login-history-empty">
        <History className="h-8 w-8 text-slate-500" aria-hidden="true" />
        <p className="mt-2 text-sm text-slate-700">{t('profile.activity.empty')}</p>
      </div>
    );
  } else {
    content = (
      <ul className="-my-3 divide-y divide-slate-100" data-testid="login-history">
        {history.data.map((entry) => (
          <HistoryRow key={entry.id} entry={entry} now={now} />
        ))}
      </ul>
    );
  }

  return (
    <ProfileCard
      title={t('profile.activity.historyTitle')}
      description={t('profile.activity.historyDescription')}
      data-testid="login-history-card"
    >
      {content}
    </ProfileCard>
  );
}
