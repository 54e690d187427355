import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentPropsWithRef,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
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
  /**
   * Most characters the contract allows (a LIMITS value). The control never
   * cuts what is typed (no maxLength: text pasted or typed past the limit
   * would vanish without a word); a counter shows from COUNTER_FROM of the
   * limit on and turns red beyond it, and the form's zod schema gives the
   * spec's message when it is sent. (maxLength stays for a search box, where
   * a longer query can match nothing.)
   */
  limit?: number;
}

/** Share of the limit from which the counter shows: far from it, a counter is noise. */
export const COUNTER_FROM = 0.8;

/** What a field's control needs to be labelled and described. */
interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface CharacterCountProps {
  id?: string;
  length: number;
  limit: number;
  className?: string;
}

/**
 * "412/500" near a field with a limit, red beyond it. Screen readers get the
 * same in words through aria-describedby, read when the field is reached
 * rather than on every keystroke (a live region would talk over the typing).
 */
export function CharacterCount({ id, length, limit, className }: CharacterCountProps) {
  const { t } = useTranslation();
  const over = length > limit;
  return (
    <p
      id={id}
      className={cn('text-right text-sm tabular-nums', over ? 'font-medium text-red-700' : 'text-slate-600', className)}
      data-testid="character-count"
    >
      <span aria-hidden="true">{`${length}/${limit}`}</span>
      <span className="sr-only">
        {over
          ? t('common.characterCountOver', { length, max: limit, over: length - limit })
          : t('common.characterCount', { length, max: limit })}
      </span>
    </p>
  );
}

/** Whether the counter shows for this many characters. */
export function showsCharacterCount(length: number, limit: number | undefined): limit is number {
  return limit !== undefined && length >= Math.floor(limit * COUNTER_FROM);
}

type TextControl = HTMLInputElement | HTMLTextAreaElement;

interface TrackedControlProps<E extends TextControl> {
  ref?: Ref<E>;
  value?: ComponentPropsWithRef<'input'>['value'];
  onChange?: (event: ChangeEvent<E>) => void;
}

/** Hands the element to the caller's ref as well (react-hook-form's register() needs it). */
function passRef<E>(ref: Ref<E> | undefined, node: E | null): (() => void) | undefined {
  if (typeof ref === 'function') {
    const cleanup = ref(node);
    return typeof cleanup === 'function' ? cleanup : undefined;
  }
  if (ref) (ref as RefObject<E | null>).current = node;
  return undefined;
}

/**
 * The number of characters in a field, whether React controls its value or
 * react-hook-form does (register(): the value lives in the DOM and reset() or
 * setValue() change it without a change event, hence the check after every
 * render).
 */
function useTextLength<E extends TextControl>({ ref, value, onChange }: TrackedControlProps<E>) {
  const element = useRef<E | null>(null);
  const [domLength, setDomLength] = useState(0);
  const setRef = useCallback(
    (node: E | null) => {
      element.current = node;
      return passRef(ref, node);
    },
    [ref],
  );
  // After every render on purpose (no dependency list): reset() and setValue() re-render the form without a
  // change event. Setting the same number again is a no-op for React, so this cannot loop.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    setDomLength(element.current?.value.length ?? 0);
  });
  const trackedOnChange = (event: ChangeEvent<E>) => {
    setDomLength(event.target.value.length);
    onChange?.(event);
  };
  const length = typeof value === 'string' ? value.length : domLength;
  return { length, ref: setRef, onChange: trackedOnChange };
}

/**
 * Label, control, hint, character count and error text; the hint, count and
 * error are linked to the control with aria-describedby.
 */
function Field({
  label,
  hint,
  error,
  className,
  limit,
  length = 0,
  children,
}: FieldProps & { length?: number; children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const counted = showsCharacterCount(length, limit);
  const describedBy =
    [hint ? hintId : null, counted ? countId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {(hint || counted) && (
        <div className="flex items-start gap-3">
          {hint && (
            <p id={hintId} className="min-w-0 flex-1 text-sm text-slate-600">
              {hint}
            </p>
          )}
          {counted && <CharacterCount id={countId} length={length} limit={limit} className="ms-auto shrink-0" />}
        </div>
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

/** Labelled input with optional hint, limit and error text. Spread react-hook-form's register() into it. */
export function TextField({
  label,
  hint,
  error,
  className,
  limit,
  ref,
  value,
  onChange,
  ...inputProps
}: TextFieldProps) {
  const tracked = useTextLength<HTMLInputElement>({ ref, value, onChange });
  return (
    <Field label={label} hint={hint} error={error} className={className} limit={limit} length={tracked.length}>
      {(control) => <Input {...control} {...inputProps} value={value} ref={tracked.ref} onChange={tracked.onChange} />}
    </Field>
  );
}

type TextareaFieldProps = FieldProps & Omit<ComponentPropsWithRef<'textarea'>, 'id'>;

/** The multi-line sibling of TextField, three rows unless told. */
export function TextareaField({
  label,
  hint,
  error,
  className,
  limit,
  rows = 3,
  ref,
  value,
  onChange,
  ...textareaProps
}: TextareaFieldProps) {
  const tracked = useTextLength<HTMLTextAreaElement>({ ref, value, onChange });
  return (
    <Field label={label} hint={hint} error={error} className={className} limit={limit} length={tracked.length}>
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
          value={value}
          ref={tracked.ref}
          onChange={tracked.onChange}
        />
      )}
    </Field>
  );
}
