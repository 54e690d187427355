import { useId, type ComponentPropsWithRef } from 'react';
import { FOCUS_RING } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

interface TextareaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: string;
  hint?: string;
  /** Already translated error text; marks the textarea invalid. */
  error?: string;
}

/** The multi-line sibling of TextField: label, hint and error linked with aria-describedby. */
export function TextareaField({ label, hint, error, className, rows = 3, ...props }: TextareaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className={cn(
          'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900',
          'placeholder:text-slate-500 disabled:cursor-not-allowed disabled:opacity-70',
          'aria-[invalid=true]:border-red-700',
          FOCUS_RING,
        )}
        {...props}
      />
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
