import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/contract/schemas/user';
import { getDisplayName } from '../../lib/email-preview';
import { USER_MENU_TRIGGER_CLASSES, UserAvatar } from './user-menu-trigger';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

/**
 * The account menu in the header. Its dropdown (Radix menu and the Floating
 * UI positioning it brings, about 14 kB gzip) is not needed to show a page,
 * so until the first click this is a plain button that looks the same; the
 * click loads the dropdown and opens it. Pointing at or focusing the button
 * starts the download early, so the menu usually opens at once.
 */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);

  const placeholder = (
    <button
      type="button"
      data-testid="user-menu-trigger"
      aria-label={t('userMenu.open', { name: getDisplayName(user.name, user.username) })}
      aria-haspopup="menu"
      aria-expanded={false}
      className={USER_MENU_TRIGGER_CLASSES}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setWanted(true)}
    >
      <UserAvatar user={user} />
    </button>
  );

  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenuDropdown user={user} defaultOpen />
    </Suspense>
  );
}
