import type { User } from '../../../contract/schemas/user';
import { getAvatarInitials } from '../../features/users/avatar-initials';
import { cn } from '../../lib/cn';
import { FOCUS_RING } from '../ui/button';

/** The round avatar button; the same before and after the menu's code has loaded. */
export const USER_MENU_TRIGGER_CLASSES = cn(
  'flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900 hover:bg-brand-200',
  FOCUS_RING,
);

/** Initials are a picture of the name; the button's label already says whose menu it is. */
export function UserInitials({ user }: { user: Pick<User, 'name' | 'username'> }) {
  return <span aria-hidden="true">{getAvatarInitials(user.name, user.username)}</span>;
}
