import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/contract/schemas/user';
import { useShowFeedbackBanner } from '../../features/feedback/api/get-banner-state';
import { FeedbackBanner } from '../../features/feedback/components/feedback-banner';
import { FeedbackBannerSlot } from '../../features/feedback/components/feedback-banner-slot';
import { LoanConditionHost } from '../../features/lending/condition/loan-condition-host';
import { useLiveEvents } from '../../features/live/use-live-events';
import { useUnreadCount } from '../../features/messages/api/get-unread-count';
import { AppHeader } from './app-header';
import { BottomNav } from '../../components/layouts/bottom-nav';

interface SignedInLayoutProps {
  user: User;
  children: ReactNode;
}

/**
 * Frame around every signed-in page: feedback-banner slot, sticky header,
 * the page (which renders its own <main>), mobile bottom bar.
 */
export function SignedInLayout({ user, children }: SignedInLayoutProps) {
  const { t } = useTranslation();
  useLiveEvents();
  const unread = useUnreadCount();
  const unreadCount = unread.data;
  const showFeedbackBanner = useShowFeedbackBanner();

  return (
    <LoanConditionHost>
      <FeedbackBannerSlot banner={showFeedbackBanner ? <FeedbackBanner userId={user.id} /> : null}>
        <a
          href="#main-content"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('nav.skipToContent')}
        </a>
        <div className="flex min-h-dvh flex-col bg-slate-50">
          <AppHeader user={user} unreadCount={unreadCount} />
          {/* Room for the fixed bottom bar on phones, so it never covers the end of a page. */}
          <div className="flex-1 pb-bottom-bar md:pb-0">{children}</div>
          <BottomNav unreadCount={unreadCount} />
        </div>
      </FeedbackBannerSlot>
    </LoanConditionHost>
  );
}
