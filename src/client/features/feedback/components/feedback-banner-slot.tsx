import type { CSSProperties, ReactNode } from 'react';
import { LIMITS } from '@/contract/limits';

interface FeedbackBannerSlotProps {
  /** The beta feedback banner; nothing is shown and nothing is pushed down while it is absent. */
  banner?: ReactNode;
  children: ReactNode;
}

/**
 * Reserves the top of the signed-in layout for the feedback banner (spec §2:
 * the page is pushed down 72 px while it shows). The offset is published as
 * the CSS variable --feedback-banner-offset so the sticky header can stick
 * below the banner instead of under it. Set through React's style prop
 * (CSSOM), which the Content-Security-Policy allows, because the height comes
 * from the shared LIMITS constant rather than a fixed Tailwind class.
 */
export function FeedbackBannerSlot({ banner, children }: FeedbackBannerSlotProps) {
  const visible = banner !== undefined && banner !== null && banner !== false;
  const offset = `${LIMITS.feedbackBannerOffsetPx}px`;
  const contentStyle: CSSProperties | undefined = visible
    ? ({ paddingTop: offset, '--feedback-banner-offset': offset } as CSSProperties)
    : undefined;

  return (
    <>
      {visible && (
        <div
          className="fixed inset-x-0 top-0 z-40 overflow-hidden"
          style={{ height: offset }}
          data-testid="feedback-banner-slot"
        >
          {banner}
        </div>
      )}
      <div style={contentStyle} data-testid="feedback-banner-content">
        {children}
      </div>
    </>
  );
}
