import { cn } from '../../lib/cn';
import { formatUnreadCount } from '../../features/messages/format-unread-count';

interface UnreadBadgeProps {
  count: number | undefined;
  className?: string;
  testId: string;
}

/** Red count bubble; decorative because the link's accessible name already says the count. */
export function UnreadBadge({ count, className, testId }: UnreadBadgeProps) {
  const text = formatUnreadCount(count);
  if (text === null) return null;
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={cn(
        'absolute -top-1 -right-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] leading-5 font-semibold text-white',
        className,
      )}
    >
      {text}
    </span>
  );
}
