import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { Button } from '../../components/ui/button';
import { requestedPath, signIn } from '../../lib/auth/sign-in';
import { LandingFooter } from '../layouts/landing-footer';
import { LandingHeader } from '../../features/landing/components/landing-header';

/**
 * Spec §2 Groups and Group details: "Signed-out users see a login-required
 * notice". Group links are shared (Invite Members sends /groups?join=CODE),
 * so after sign-in the visitor comes back to the very same address.
 */
export function LoginRequiredPage({ subject }: { subject: 'groups' | 'group' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const isJoinLink = subject === 'groups' && params.has('join');
  const signInHere = () => signIn(undefined, requestedPath());

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <LandingHeader onSignIn={signInHere} />
      <main
        id="main-content"
        className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center px-4 py-16 text-center"
      >
        <LogIn className="h-10 w-10 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('loginRequired.title')}</h1>
        <p className="mt-2 text-slate-700" data-testid="login-required-text">
          {t(
            isJoinLink
              ? 'loginRequired.joinGroup'
              : subject === 'group'
                ? 'loginRequired.group'
                : 'loginRequired.groups',
          )}
        </p>
        <Button className="mt-6" onClick={signInHere} data-testid="login-required-sign-in">
          {t('common.signIn')}
        </Button>
      </main>
      <LandingFooter />
    </div>
  );
}
