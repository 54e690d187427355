import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import type { User } from '../../contract/schemas/user';
import { SignedInLayout } from './layouts/signed-in-layout';
import { Spinner } from '../components/ui/spinner';
import { useProcessReferral } from '../features/referral/use-process-referral';
import { availableItemsPage, myItemsPage } from './first-page-preload';
import {
  AuthDebugPage,
  ConfirmEmailPage,
  InvitePage,
  LoanLinkPage,
  PasskeySignInPage,
  RecoverAccountPage,
} from './shared-lazy-pages';

// One chunk per route (spec §2 Routes, signed-in table).
const MyItemsPage = myItemsPage.Component;
const AvailableItemsPage = availableItemsPage.Component;
const ContactsPage = lazy(() => import('./routes/contacts').then((m) => ({ default: m.ContactsPage })));
const GroupsPage = lazy(() => import('./routes/groups').then((m) => ({ default: m.GroupsPage })));
const GroupDetailsPage = lazy(() => import('./routes/group-details').then((m) => ({ default: m.GroupDetailsPage })));
const MessagesPage = lazy(() => import('./routes/messages').then((m) => ({ default: m.MessagesPage })));
const ProfilePage = lazy(() => import('./routes/profile').then((m) => ({ default: m.ProfilePage })));
const GdprPage = lazy(() => import('./routes/gdpr').then((m) => ({ default: m.GdprPage })));
const NotFoundPage = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })));

/**
 * The signed-in application: layout plus route table. Loaded as its own chunk,
 * so signed-out visitors never download it.
 */
export function SignedInApp({ user }: { user: User }) {
  const { t } = useTranslation();
  useProcessReferral();
  return (
    <SignedInLayout user={user}>
      {/* Inside the layout, so header and bottom bar stay put while a page chunk loads. */}
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <Switch>
          <Route path="/">
            <MyItemsPage />
          </Route>
          <Route path="/available-items">
            <AvailableItemsPage />
          </Route>
          <Route path="/contacts">
            <ContactsPage />
          </Route>
          <Route path="/groups">
            <GroupsPage />
          </Route>
          <Route path="/groups/:id">
            <GroupDetailsPage />
          </Route>
          <Route path="/messages">
            <MessagesPage />
          </Route>
          <Route path="/profile">
            <ProfilePage />
          </Route>
          <Route path="/gdpr">
            <GdprPage />
          </Route>
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
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
    </SignedInLayout>
  );
}
