import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { TIMINGS } from '@/contract/limits';
import { PageFrame } from '../../components/layouts/page-frame';
import { Button } from '../../components/ui/button';
import { getDeviceInfo } from '../../lib/auth/device-detection';
import { signIn } from '../../lib/auth/sign-in';
import { useRedirectCountdown } from '../../features/auth/use-redirect-countdown';
import { useDateFormatters } from '../../i18n/use-date-formatters';

const TIP_KEYS = [
  'authDebug.tips.cookies',
  'authDebug.tips.tracking',
  'authDebug.tips.privateMode',
  'authDebug.tips.retry',
] as const;

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="text-sm break-all text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * /auth-debug (spec §2): where a failed sign-in lands. Shows what went wrong
 * and enough about the browser to help support; without an error it returns
 * home after TIMINGS.authDebugRedirectMs.
 */
export function AuthDebugPage() {
  const { t } = useTranslation();
  const { formatDateTime, formatSeconds } = useDateFormatters();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const error = params.get('error');
  // Captured once: the page describes the moment of the failed sign-in.
  const [device] = useState(() => getDeviceInfo());
  const [snapshot] = useState(() => ({
    url: window.location.href,
    hostname: window.location.hostname,
    timestamp: new Date(),
  }));
  const secondsLeft = useRedirectCountdown(!error, TIMINGS.authDebugRedirectMs, () => {
    navigate('/');
  });

  return (
    <PageFrame title={t('authDebug.title')} subtitle={t('authDebug.subtitle')} width="narrow">
      <section aria-labelledby="auth-debug-error" className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="auth-debug-error" className="text-lg font-semibold text-slate-900">
          {t('authDebug.errorHeading')}
        </h2>
        {error ? (
          // Rendered as text: the value comes from the URL and must never become markup.
          <pre
            className="mt-2 rounded-lg bg-red-50 p-3 text-sm whitespace-pre-wrap break-all text-red-800"
            data-testid="auth-debug-error"
          >
            {error}
          </pre>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-700">{t('authDebug.noError')}</p>
            <p className="mt-1 text-sm text-slate-700" role="status" data-testid="auth-debug-countdown">
              {t('authDebug.redirecting', { duration: formatSeconds(secondsLeft) })}
            </p>
          </>
        )}
      </section>

      <section aria-labelledby="auth-debug-device" className="mt-4 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="auth-debug-device" className="text-lg font-semibold text-slate-900">
          {t('authDebug.deviceHeading')}
        </h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <DetailRow label={t('authDebug.ios')}>{device.isIos ? t('common.yes') : t('common.no')}</DetailRow>
          <DetailRow label={t('authDebug.safari')}>{device.isSafari ? t('common.yes') : t('common.no')}</DetailRow>
          <DetailRow label={t('authDebug.userAgent')}>{device.userAgent}</DetailRow>
          <DetailRow label={t('authDebug.url')}>{snapshot.url}</DetailRow>
          <DetailRow label={t('authDebug.hostname')}>{snapshot.hostname}</DetailRow>
          <DetailRow label={t('authDebug.timestamp')}>
            <time dateTime={snapshot.timestamp.toISOString()}>{formatDateTime(snapshot.timestamp)}</time>
          </DetailRow>
        </dl>
      </section>

      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          onClick={() => {
            signIn();
          }}
        >
          {t('authDebug.tryAgain')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            navigate('/');
          }}
        >
          {t('common.goHome')}
        </Button>
      </div>

      <section aria-labelledby="auth-debug-tips" className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="auth-debug-tips" className="text-lg font-semibold text-slate-900">
          {t('authDebug.tipsHeading')}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {TIP_KEYS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </section>
    </PageFrame>
  );
}
