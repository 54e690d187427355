import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';
import { FOCUS_RING } from './button';

/**
 * base (16 px) for anything typed into: smaller text makes iOS Safari zoom in
 * on focus. sm for a read-only value shown in a field (copy field).
 */
export type InputTextSize = 'base' | 'sm';

const TEXT_SIZE_CLASSES: Record<InputTextSize, string> = {
  base: 'text-base',
  sm: 'text-sm',
};

interface InputProps extends ComponentPropsWithRef<'input'> {
  textSize?: InputTextSize;
}

/**
 * Text input with the app's border, focus ring and an error style driven by
 * aria-invalid. className adds layout (flex, min-w-0); the text size is the
 * `textSize` prop because cn does not merge conflicting utilities.
 */
export function Input({ textSize = 'base', className, ...props }: InputProps) {
  return (
    <input
      className={cn(
        'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900',
        TEXT_SIZE_CLASSES[textSize],
        'placeholder:text-slate-500 read-only:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70',
        'aria-[invalid=true]:border-red-700',
        FOCUS_RING,
        className,
      )}
      {...props}
    />
  );
}
