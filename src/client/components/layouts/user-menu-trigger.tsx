import type { User } from '@/contract/schemas/user';
import { cn } from '../../lib/cn';
import { Avatar } from '../ui/avatar';
import { FOCUS_RING } from '../ui/button';

/** The round avatar button; the same before and after the menu's code has loaded. */
export const USER_MENU_TRIGGER_CLASSES = cn(
  'flex h-10 w-10 items-center justify-center rounded-full hover:ring-2 hover:ring-brand-200',
  FOCUS_RING,
);

/** The photo or initials; decorative, since the button's label already says whose menu it is. */
export function UserAvatar({ user }: { user: Pick<User, 'name' | 'username' | 'profileImageUrl'> }) {
  return <Avatar name={user.name} username={user.username} photoUrl={user.profileImageUrl} size="md" />;
}
