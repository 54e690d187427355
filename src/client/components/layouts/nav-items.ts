import { MessageCircle, Package, Search, Users, UsersRound, type LucideIcon } from 'lucide-react';

export interface NavItem {
  href: string;
  labelKey: string;
  icon: LucideIcon;
  /** The entry that carries the unread-messages badge. */
  showsUnread?: boolean;
}

/** The five main destinations (spec §2), shared by the desktop header and the mobile bottom bar. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', labelKey: 'nav.myItems', icon: Package },
  { href: '/available-items', labelKey: 'nav.availableItems', icon: Search },
  { href: '/contacts', labelKey: 'nav.contacts', icon: Users },
  { href: '/groups', labelKey: 'nav.groups', icon: UsersRound },
  { href: '/messages', labelKey: 'nav.messages', icon: MessageCircle, showsUnread: true },
];

/** "/" only matches itself; other entries also match their sub-pages (/groups/42 → Groups). */
export function isNavItemActive(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}
