import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';
import { FOCUS_RING } from './button';

/** Text input with the app's border, focus ring and an error style driven by aria-invalid. */
export function Input({ className, ...props }: ComponentPropsWithRef<'input'>) {
  return (
    <input
      className={cn(
        'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900',
        'placeholder:text-slate-500 read-only:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70',
        'aria-[invalid=true]:border-red-700',
        FOCUS_RING,
        className,
      )}
      {...props}
    />
  );
}
