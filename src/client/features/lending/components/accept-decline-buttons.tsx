import { Check, X } from 'lucide-react';
import type { ButtonSize } from '@/client/components/ui/button';
import { Button } from '@/client/components/ui/button';

/**
 * How the pair sits: `halves` fills the row with two equal buttons (a borrow
 * request in the thread); `inline` puts two small buttons side by side,
 * wrapping on a narrow card (an extension request on the item card).
 */
type Layout = 'halves' | 'inline';

const ROW_CLASSES: Record<Layout, string> = {
  halves: 'grid grid-cols-2 gap-2',
  inline: 'flex flex-wrap gap-2',
};
const BUTTON_SIZES: Record<Layout, ButtonSize> = { halves: 'md', inline: 'sm' };

/**
 * The owner's Accept and Decline pair, shared by the borrow request's answer
 * (LendingDecision) and the extension request's (OwnerExtensionPanel), so the
 * two answers look and read alike. Test ids are `<testIdPrefix>-accept` and
 * `<testIdPrefix>-decline`.
 */
export function AcceptDeclineButtons({
  acceptLabel,
  declineLabel,
  onAccept,
  onDecline,
  disabled,
  testIdPrefix,
  layout,
}: {
  acceptLabel: string;
  declineLabel: string;
  onAccept: () => void;
  onDecline: () => void;
  disabled: boolean;
  testIdPrefix: string;
  layout: Layout;
}) {
  const size = BUTTON_SIZES[layout];
  return (
    <div className={ROW_CLASSES[layout]}>
      <Button
        variant="primary"
        size={size}
        onClick={onAccept}
        disabled={disabled}
        data-testid={`${testIdPrefix}-accept`}
      >
        <Check className="h-4 w-4" aria-hidden="true" />
        {acceptLabel}
      </Button>
      <Button
        variant="secondary"
        size={size}
        onClick={onDecline}
        disabled={disabled}
        data-testid={`${testIdPrefix}-decline`}
      >
        <X className="h-4 w-4" aria-hidden="true" />
        {declineLabel}
      </Button>
    </div>
  );
}
