import { useId, type ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  /** Help text under the input, e.g. the expected format. */
  hint?: string;
  /** Already translated error text; marks the input invalid. */
  error?: string;
}

/**
 * Labelled input with optional hint and error text, both linked to the input
 * with aria-describedby. Spread react-hook-form's register() into it.
 */
export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <Input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...inputProps} />
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
