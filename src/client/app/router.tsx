import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/spinner';
import { useAuthUser } from '../lib/auth/get-auth-user';
import { isNetworkFailure } from '../features/installable-app/network-status';
import { signedInApp } from './first-page-preload';
import { SessionUnreachablePage } from './routes/session-unreachable';
import { SignedOutRoutes } from './signed-out-routes';

const SignedInApp = signedInApp.Component;

/**
 * Chooses the route table by session state. A 401 from /api/auth/user means
 * signed out (data null). No answer at all (offline) means the state is
 * unknown: a page says so instead of asking a signed-in person to log in.
 * Any other failure falls back to the signed-out table, since without a user
 * there is nothing signed-in to show.
 */
export function AppRouter() {
  const { t } = useTranslation();
  const authUser = useAuthUser();
  const spinner = <Spinner fullScreen label={t('common.loading')} />;

  return (
    <Suspense fallback={spinner}>
      {authUser.data ? (
        <SignedInApp user={authUser.data} />
      ) : authUser.isError && isNetworkFailure(authUser.error) ? (
        <SessionUnreachablePage onRetry={() => void authUser.refetch()} retrying={authUser.isFetching} />
      ) : (
        <SignedOutRoutes isCheckingSession={authUser.isPending} />
      )}
    </Suspense>
  );
}
