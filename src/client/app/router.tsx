import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/spinner';
import { useAuthUser } from '../lib/auth/get-auth-user';
import { signedInApp } from './first-page-preload';
import { SignedOutRoutes } from './signed-out-routes';

const SignedInApp = signedInApp.Component;

/**
 * Chooses the route table by session state. A 401 from /api/auth/user means
 * signed out (data null); any other failure also falls back to the signed-out
 * table, since without a user there is nothing signed-in to show.
 */
export function AppRouter() {
  const { t } = useTranslation();
  const authUser = useAuthUser();
  const spinner = <Spinner fullScreen label={t('common.loading')} />;

  return (
    <Suspense fallback={spinner}>
      {authUser.data ? (
        <SignedInApp user={authUser.data} />
      ) : (
        <SignedOutRoutes isCheckingSession={authUser.isPending} />
      )}
    </Suspense>
  );
}
