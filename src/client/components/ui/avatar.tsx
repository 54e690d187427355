import { useEffect, useState } from 'react';
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
 * Whether the photo at `src` has loaded: asked with a detached image, so the
 * page shows the photo only once the browser has it (no broken-image icon,
 * no empty circle while it loads), as Radix Avatar did. Radix Avatar was the
 * one Radix primitive on the signed-in first screen (the header), and brought
 * Radix's Primitive, Slot and context modules into every signed-in page's
 * first load (about 4 kB gzip, docs/performance.md client round 3).
 */
function usePhotoLoaded(src: string | null | undefined): boolean {
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (!src) return;
    let current = true;
    const image = new window.Image();
    const onLoad = () => {
      if (current) setLoaded(src);
    };
    image.addEventListener('load', onLoad);
    image.src = src;
    // Already in the browser's memory cache: no load event may follow.
    if (image.complete && image.naturalWidth > 0) onLoad();
    return () => {
      current = false;
      image.removeEventListener('load', onLoad);
    };
  }, [src]);
  return Boolean(src) && loaded === src;
}

/**
 * A person's round picture: their profile photo, or the spec §2 initials
 * while it loads, when there is none or when it fails to load (the image
 * shows only once the browser has it, so no broken-image icon).
 */
export function Avatar({ name, username, photoUrl, size = 'md', alt, className }: AvatarProps) {
  const decorative = !alt;
  const photoLoaded = usePhotoLoaded(photoUrl);
  return (
    <span
      aria-hidden={decorative ? true : undefined}
      data-testid="avatar"
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 align-middle select-none',
        SIZE_CLASSES[size],
        className,
      )}
    >
      {photoUrl && photoLoaded ? (
        <img src={photoUrl} alt={alt ?? ''} className="h-full w-full object-cover" data-testid="avatar-photo" />
      ) : (
        <span className="font-semibold text-brand-900" data-testid="avatar-initials">
          {getAvatarInitials(name, username)}
        </span>
      )}
    </span>
  );
}
