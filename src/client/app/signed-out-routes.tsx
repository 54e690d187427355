import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { Spinner } from '../components/ui/spinner';
import { landingPage } from './first-page-preload';
import {
  AuthDebugPage,
  ConfirmEmailPage,
  InvitePage,
  LoanLinkPage,
  PasskeySignInPage,
  RecoverAccountPage,
} from './shared-lazy-pages';

// One chunk per route; none of them pulls in the signed-in app.
const LandingPage = landingPage.Component;
const LoginRequiredPage = lazy(() => import('./routes/login-required').then((m) => ({ default: m.LoginRequiredPage })));
const SignedOutGdprPage = lazy(() => import('./routes/gdpr').then((m) => ({ default: m.SignedOutGdprPage })));

/**
 * Route table for signed-out visitors and while the session is still being
 * checked (spec §2): /invite and /auth-debug work at once; group pages ask
 * to sign in and come back (spec §2 Groups, Group details); /gdpr shows the
 * privacy policy, which must be readable before signing up; every other path
 * shows the landing page, or a spinner until we know the visitor is signed out,
 * so a signed-in user does not see the landing page flash by.
 */
export function SignedOutRoutes({ isCheckingSession }: { isCheckingSession: boolean }) {
  const { t } = useTranslation();
  return (
    <Switch>
      <Route path="/invite">
        <InvitePage />
      </Route>
      <Route path="/auth-debug">
        <AuthDebugPage />
      </Route>
      <Route path="/loan/:token">
        <LoanLinkPage />
      </Route>
      <Route path="/sign-in/:uid">
        <PasskeySignInPage />
      </Route>
      <Route path="/account/confirm">
        <ConfirmEmailPage />
      </Route>
      <Route path="/account/recover">
        <RecoverAccountPage />
      </Route>
      <Route path="/groups">
        {isCheckingSession ? (
          <Spinner fullScreen label={t('common.loading')} />
        ) : (
          <LoginRequiredPage subject="groups" />
        )}
      </Route>
      <Route path="/groups/:id">
        {isCheckingSession ? <Spinner fullScreen label={t('common.loading')} /> : <LoginRequiredPage subject="group" />}
      </Route>
      <Route path="/gdpr">
        {isCheckingSession ? <Spinner fullScreen label={t('common.loading')} /> : <SignedOutGdprPage />}
      </Route>
      <Route>{isCheckingSession ? <Spinner fullScreen label={t('common.loading')} /> : <LandingPage />}</Route>
    </Switch>
  );
}
