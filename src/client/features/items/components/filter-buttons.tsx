import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';

export interface FilterOption<V extends string> {
  value: V;
  label: string;
  /** Shown beside the label when given. */
  count?: number;
}

interface FilterButtonsProps<V extends string> {
  /** Names the group for screen readers ("Filter by status"). */
  label: string;
  options: readonly FilterOption<V>[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
  'data-testid': string;
}

/** A row of toggle buttons of which one is pressed (the status filters of both item lists). */
export function FilterButtons<V extends string>({
  label,
  options,
  value,
  onChange,
  className,
  'data-testid': testId,
}: FilterButtonsProps<V>) {
  return (
    <div role="group" aria-label={label} className={cn('grid gap-2', className)} data-testid={testId}>
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <Button
            key={option.value}
            variant={pressed ? 'primary' : 'secondary'}
            size="filter"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            data-testid={`${testId}-${option.value}`}
          >
            {/* Wraps between words rather than cut with an ellipsis when a translation is long. */}
            <span className="min-w-0 text-center leading-tight text-balance">{option.label}</span>
            {option.count !== undefined && (
              <span
                className={cn(
                  'min-w-6 rounded-full px-1.5 text-xs font-semibold tabular-nums',
                  // A translucent white pill on the pressed button's teal left white-on-teal at 3.7:1.
                  pressed ? 'bg-white text-brand-800' : 'bg-slate-100 text-slate-800',
                )}
                data-testid={`${testId}-${option.value}-count`}
              >
                {option.count}
              </span>
            )}
          </Button>
        );
      })}
    </div>
  );
}
