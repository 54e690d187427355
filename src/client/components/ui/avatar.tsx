import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { getAvatarInitials } from '../../lib/avatar-initials';
import { cn } from '../../lib/cn';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

/** Box and initials size: md is the header button and member rows, lg the contact cards, xl the profile photo. */
const SIZE_CLASSES: Record<AvatarSize, string> = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-12 w-12 text-base',
  xl: 'h-24 w-24 text-3xl',
};

interface AvatarProps {
  name: string | null | undefined;
  username?: string | null | undefined;
  /** Same-origin photo address (`/api/users/<id>/photo?v=…`), or null for the initials. */
  photoUrl?: string | null | undefined;
  size?: AvatarSize;
  /**
   * Text alternative of the photo. Leave it out where the name is written
   * next to the avatar or a button names it: the avatar is then decorative
   * and hidden from assistive technology.
   */
  alt?: string;
  className?: string;
}

/**
 * A person's round picture: their profile photo, or the spec §2 initials
 * while it loads, when there is none or when it fails to load (Radix shows
 * the image only once the browser has decoded it, so no broken-image icon).
 */
export function Avatar({ name, username, photoUrl, size = 'md', alt, className }: AvatarProps) {
  const decorative = !alt;
  return (
    <AvatarPrimitive.Root
      aria-hidden={decorative ? true : undefined}
      data-testid="avatar"
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 align-middle select-none',
        SIZE_CLASSES[size],
        className,
      )}
    >
      {photoUrl && (
        <AvatarPrimitive.Image
          src={photoUrl}
          alt={alt ?? ''}
          className="h-full w-full object-cover"
          data-testid="avatar-photo"
        />
      )}
      <AvatarPrimitive.Fallback className="font-semibold text-brand-900" data-testid="avatar-initials">
        {getAvatarInitials(name, username)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
