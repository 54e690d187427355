import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { formatUnreadCount } from '../../lib/format-unread-count';
import { cn } from '../../lib/cn';
import { NAV_ITEMS, isNavItemActive } from './nav-items';
import { UnreadBadge } from './unread-badge';

/** Mobile tab bar with the five main entries (spec §2); hidden from md up, where the header nav takes over. */
export function BottomNav({ unreadCount }: { unreadCount: number | undefined }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const unreadText = formatUnreadCount(unreadCount);

  return (
    <nav
      aria-label={t('nav.bottomLabel')}
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-5">
        {NAV_ITEMS.map((item) => {
          const active = isNavItemActive(item.href, location);
          const Icon = item.icon;
          const label = t(item.labelKey);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                aria-label={
                  item.showsUnread && unreadText ? t('nav.messagesWithUnread', { count: unreadText }) : undefined
                }
                className={cn(
                  // Almost no side padding: a fifth of 360 px must hold "Nachrichten" or "disponibles" unbroken.
                  'flex h-16 flex-col items-center justify-center gap-1 px-px text-[11px] leading-tight font-medium',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700',
                  active ? 'text-brand-800' : 'text-slate-700',
                )}
              >
                <span className="relative">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                  {item.showsUnread && (
                    <UnreadBadge count={unreadCount} testId="bottom-nav-unread-badge" placement="icon" />
                  )}
                </span>
                <span className="line-clamp-2 max-w-full text-center break-words">{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
