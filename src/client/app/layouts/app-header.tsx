import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { User } from '@/contract/schemas/user';
import { formatUnreadCount } from '../../lib/format-unread-count';
import { cn } from '../../lib/cn';
import { BrandLogo } from '../../components/ui/brand-logo';
import { FOCUS_RING } from '../../components/ui/button';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { NAV_ITEMS, isNavItemActive } from '../../components/layouts/nav-items';
import { UnreadBadge } from '../../components/layouts/unread-badge';
import { UserMenu } from '../../components/layouts/user-menu';

const NewsDialog = lazyDialog(() => import('../../features/news/components/news-dialog').then((m) => m.NewsDialog));

interface AppHeaderProps {
  user: User;
  unreadCount: number | undefined;
}

/** Sticky top bar of the signed-in layout (spec §2). Sticks below the feedback banner when that shows. */
export function AppHeader({ user, unreadCount }: AppHeaderProps) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const [newsOpen, setNewsOpen] = useState(false);
  const unreadText = formatUnreadCount(unreadCount);

  return (
    // Solid background, no backdrop-filter: a filter would become the containing block of the user menu's fixed-position popper.
    <header className="sticky top-[var(--feedback-banner-offset,0px)] z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <button
          type="button"
          onClick={() => {
            setNewsOpen(true);
          }}
          data-testid="brand-button"
          className={cn('flex items-center gap-2 rounded-lg p-1 text-lg font-bold text-slate-900', FOCUS_RING)}
        >
          <BrandLogo />
          <span>{t('app.name')}</span>
          <span className="sr-only">{t('header.openNews')}</span>
        </button>

        <nav aria-label={t('nav.mainLabel')} className="hidden flex-1 md:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => {
              const active = isNavItemActive(item.href, location);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'rounded-lg px-3 py-2 text-sm font-medium',
                      active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                      FOCUS_RING,
                    )}
                  >
                    {t(item.labelKey)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <Link
            href="/messages"
            aria-label={unreadText ? t('nav.messagesWithUnread', { count: unreadText }) : t('nav.messages')}
            className={cn(
              'relative rounded-full p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              FOCUS_RING,
            )}
          >
            <MessageCircle className="h-6 w-6" aria-hidden="true" />
            <UnreadBadge count={unreadCount} testId="unread-badge" />
          </Link>
          <UserMenu user={user} />
        </div>
      </div>
      <NewsDialog open={newsOpen} onOpenChange={setNewsOpen} />
    </header>
  );
}
