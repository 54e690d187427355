import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'ghostDestructive' | 'destructive' | 'onBrand';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'field' | 'filter' | 'icon' | 'iconSm' | 'iconField';

/**
 * Colours chosen for WCAG AA contrast on their own background (brand-700 on white is 5.5:1).
 * A caller's className cannot override these (cn does not merge): add a variant instead.
 */
export const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  // The remove/withdraw icon buttons on cards: red like the destructive actions, quiet like ghost.
  ghostDestructive: 'text-red-700 hover:bg-red-50 hover:text-red-800',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  onBrand: 'bg-white text-brand-800 hover:bg-brand-50',
};

/** Height, width or padding and text size; as with the variants, add a size rather than override one. */
export const SIZE_CLASSES: Record<ButtonSize, string> = {
  // 40 px high on touch screens (a comfortable target), 36 px from the sm breakpoint up.
  sm: 'h-10 px-3 text-sm sm:h-9',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  // 44 px, as tall as an Input, for a button beside one (copy field).
  field: 'h-11 px-4 text-sm',
  // As sm, with less side padding on phones: three status filters share a 360 px row ("In Gebrauch").
  filter: 'h-10 px-2 text-sm sm:h-9 sm:px-3',
  icon: 'h-10 w-10',
  // Square and as tall as sm, for an icon-only button in a row of sm buttons.
  iconSm: 'h-10 w-10 sm:h-9 sm:w-9',
  // Square and as tall as a field (the message composer's send button).
  iconField: 'h-11 w-11',
};

export const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** className adds to the variant and size (margins, shrink, display); it must not repeat their utilities. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors',
    'disabled:pointer-events-none disabled:opacity-60',
    FOCUS_RING,
    VARIANT_CLASSES[variant],
    SIZE_CLASSES[size],
    className,
  );
}

/**
 * A <button>. A link that looks like a button takes `buttonClasses` itself (no Slot/asChild: the
 * Button is on every first screen, and Radix's Slot was first-load code for one link elsewhere).
 */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type, ...props }: ButtonProps) {
  return <button type={type ?? 'button'} className={buttonClasses(variant, size, className)} {...props} />;
}
