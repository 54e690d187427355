import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { User } from '@/contract/schemas/user';
import { LANGUAGES } from '@/contract/enums';
import { signOut } from '../../lib/auth/sign-out';
import { getDisplayName, getEmailPreview } from '../../lib/email-preview';
import { LANGUAGE_NATIVE_NAMES, toSupportedLanguage } from '../../i18n/languages';
import { USER_MENU_TRIGGER_CLASSES, UserAvatar } from './user-menu-trigger';

const ITEM_CLASSES =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

/**
 * The account menu itself (Radix dropdown, with its positioning library): a
 * chunk of its own that `UserMenu` loads on first use.
 */
export function UserMenuDropdown({ user, defaultOpen }: { user: User; defaultOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const displayName = getDisplayName(user.name, user.username);
  const emailPreview = getEmailPreview(user.email);
  const currentLanguage = toSupportedLanguage(i18n.resolvedLanguage) ?? '';

  return (
    // Non-modal and not portalled: the menu stays inside the header landmark and
    // the page is not hidden from assistive technology while it is open (axe
    // flags aria-hidden around focusable content otherwise).
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        data-testid="user-menu-trigger"
        aria-label={t('userMenu.open', { name: displayName })}
        className={USER_MENU_TRIGGER_CLASSES}
      >
        <UserAvatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        data-testid="user-menu"
        className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
      >
        <DropdownMenu.Label className="px-2 py-2">
          <span className="block truncate text-sm font-semibold text-slate-900">{displayName}</span>
          {emailPreview && (
            <span
              className="block text-xs text-slate-600"
              title={user.email ?? undefined}
              data-testid="user-menu-email"
            >
              {emailPreview}
            </span>
          )}
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item asChild className={ITEM_CLASSES}>
          <Link href="/profile">
            <Settings className="h-4 w-4" aria-hidden="true" />
            {t('userMenu.profileSettings')}
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={ITEM_CLASSES}>
          <Link href="/gdpr" data-testid="user-menu-privacy">
            <ShieldCheck className="h-4 w-4" aria-hidden="true" />
            {t('userMenu.privacy')}
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Label className="px-2 pt-1 pb-1 text-xs font-medium text-slate-600">
          {t('language.label')}
        </DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={currentLanguage}
          onValueChange={(language) => void i18n.changeLanguage(language)}
        >
          {LANGUAGES.map((language) => (
            <DropdownMenu.RadioItem key={language} value={language} lang={language} className={ITEM_CLASSES}>
              <span className="flex h-4 w-4 items-center justify-center">
                <DropdownMenu.ItemIndicator>
                  <Check className="h-4 w-4" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </span>
              {LANGUAGE_NATIVE_NAMES[language]}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item
          className={ITEM_CLASSES}
          onSelect={() => {
            void signOut();
          }}
          data-testid="sign-out"
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {t('userMenu.signOut')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
