import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/client/components/ui/button';

interface UnavailableActionProps {
  icon: LucideIcon;
  label: string;
  /** Why the action is off; none while the card still waits for data. */
  reason?: string;
  testId: string;
}

/** A disabled action with the reason beside it: on phones there is no hover to show a title. */
export function UnavailableAction({ icon: Icon, label, reason, testId }: UnavailableActionProps) {
  const reasonId = useId();
  return (
    <div className="space-y-1.5">
      {/* The title sits on the wrapper: a disabled button gets no pointer events, its parent does. */}
      <span className="inline-flex" title={reason}>
        <Button
          variant="secondary"
          size="sm"
          disabled
          aria-describedby={reason ? reasonId : undefined}
          data-testid={testId}
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
          {label}
        </Button>
      </span>
      {reason && (
        <p id={reasonId} className="text-xs text-slate-600">
          {reason}
        </p>
      )}
    </div>
  );
}
