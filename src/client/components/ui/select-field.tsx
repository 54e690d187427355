import { useId, type ComponentPropsWithRef } from 'react';
import { FOCUS_RING } from './button';
import { cn } from '../../lib/cn';

interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: string;
  /** Help text under the control. */
  hint?: string;
  /** Already translated error text; marks the control invalid. */
  error?: string;
}

/**
 * A labelled native <select> (the phone's own picker on mobile) in the look of
 * TextField, with the hint and error linked through aria-describedby.
 */
export function SelectField({ label, hint, error, className, children, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900',
          'disabled:cursor-not-allowed disabled:opacity-70 aria-[invalid=true]:border-red-700',
          FOCUS_RING,
        )}
        {...selectProps}
      >
        {children}
      </select>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
