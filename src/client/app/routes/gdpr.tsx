import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageFrame } from '../../components/layouts/page-frame';
import { useAuthUser } from '../../lib/auth/get-auth-user';
import { signIn } from '../../lib/auth/sign-in';
import { LandingFooter } from '../layouts/landing-footer';
import { LandingHeader } from '../../features/landing/components/landing-header';
import { PrivacyTabs } from '../../features/privacy/components/privacy-tabs';

const signInReturningTo = (returnTo: string) => signIn(undefined, returnTo);

/**
 * Spec §2 GDPR for a signed-in user: policy, export and deletion of their own
 * account. Asking for the `privacy` namespace here makes the page wait (the
 * route's Suspense spinner) until its long texts have loaded; no other page
 * downloads them.
 */
export function GdprPage() {
  const { t } = useTranslation(['translation', 'privacy']);
  const user = useAuthUser().data ?? null;
  return (
    <PageFrame title={t('pages.gdpr.title')} subtitle={t('pages.gdpr.subtitle')} width="narrow">
      <PrivacyTabs userId={user?.id ?? null} onSignIn={signInReturningTo} />
    </PageFrame>
  );
}

/**
 * The same page for a signed-out visitor (linked from the landing footer):
 * the policy must be readable before anyone signs up; the export and
 * deletion tabs ask to sign in and come back here.
 */
export function SignedOutGdprPage() {
  const { t } = useTranslation(['translation', 'privacy']);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <LandingHeader onSignIn={() => signInReturningTo('/gdpr')} />
      <PageFrame title={t('pages.gdpr.title')} subtitle={t('pages.gdpr.subtitle')} width="narrow" className="flex-1">
        <PrivacyTabs userId={null} onSignIn={signInReturningTo} />
        <Link
          href="/"
          className="mt-6 inline-flex min-h-10 items-center gap-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('privacy:signedOut.backHome')}
        </Link>
      </PageFrame>
      <LandingFooter />
    </div>
  );
}
