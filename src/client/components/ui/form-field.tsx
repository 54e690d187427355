import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { FOCUS_RING } from './button';
import { Input } from './input';

interface FieldProps {
  label: string;
  /** Help text under the control, e.g. the expected format. */
  hint?: string;
  /** Already translated error text; marks the control invalid. */
  error?: string;
  className?: string;
}

/** What a field's control needs to be labelled and described. */
interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * Label, control, hint and error text; the hint and error are linked to the
 * control with aria-describedby.
 */
function Field({
  label,
  hint,
  error,
  className,
  children,
}: FieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
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

type TextFieldProps = FieldProps & Omit<ComponentPropsWithRef<'input'>, 'id'>;

/** Labelled input with optional hint and error text. Spread react-hook-form's register() into it. */
export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <Input {...control} {...inputProps} />}
    </Field>
  );
}

type TextareaFieldProps = FieldProps & Omit<ComponentPropsWithRef<'textarea'>, 'id'>;

/** The multi-line sibling of TextField, three rows unless told. */
export function TextareaField({ label, hint, error, className, rows = 3, ...textareaProps }: TextareaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className={cn(
            'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900',
            'placeholder:text-slate-500 disabled:cursor-not-allowed disabled:opacity-70',
            'aria-[invalid=true]:border-red-700',
            FOCUS_RING,
          )}
          {...textareaProps}
        />
      )}
    </Field>
  );
}
