import { cn } from '../../lib/cn';
import { formatUnreadCount } from '../../lib/format-unread-count';

/**
 * Where the bubble sits: on the corner of a padded icon button (header), or
 * further out beside a bare icon (bottom bar), so it does not cover the icon.
 */
type UnreadBadgePlacement = 'button' | 'icon';

const PLACEMENT_CLASSES: Record<UnreadBadgePlacement, string> = {
  button: '-right-1',
  icon: '-right-3',
};

interface UnreadBadgeProps {
  count: number | undefined;
  placement?: UnreadBadgePlacement;
  testId: string;
}

/** Red count bubble; decorative because the link's accessible name already says the count. */
export function UnreadBadge({ count, placement = 'button', testId }: UnreadBadgeProps) {
  const text = formatUnreadCount(count);
  if (text === null) return null;
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={cn(
        'absolute -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] leading-5 font-semibold text-white',
        PLACEMENT_CLASSES[placement],
      )}
    >
      {text}
    </span>
  );
}
