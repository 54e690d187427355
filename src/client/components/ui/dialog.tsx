import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, useState, type ComponentProps, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useBackCloses } from '../../lib/back-closes-layer';
import { cn } from '../../lib/cn';
import { FOCUS_RING } from './button';

/**
 * Radix's dialog root, controlled or not, with one addition: Back closes it
 * instead of leaving the page (lib/back-closes-layer.ts, issue 33).
 */
export function Dialog({ open, defaultOpen, onOpenChange, ...props }: DialogPrimitive.DialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen ?? false);
  const isOpen = open ?? uncontrolledOpen;
  const change = (next: boolean) => {
    if (open === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  useBackCloses(isOpen, () => change(false));
  return <DialogPrimitive.Root open={isOpen} onOpenChange={change} {...props} />;
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps extends Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode;
  description: ReactNode;
  /** Accessible name of the corner close button (translated by the caller). */
  closeLabel: string;
  /**
   * Form dialogs: on open, focus the first field instead of the first
   * tabbable element (the corner close button).
   */
  focusFirstField?: boolean;
}

/** What counts as a field for `focusFirstField`: the first enabled input, textarea or select. */
const FIELD_SELECTOR = [
  'input:not([type="hidden"]):not(:disabled)',
  'textarea:not(:disabled)',
  'select:not(:disabled)',
].join(', ');

/**
 * Styled Radix dialog: overlay, title and description are always present, so
 * every dialog has an accessible name and description.
 *
 * On close, focus goes back to the element that had it when the dialog
 * opened. Radix only returns focus to a <DialogTrigger>; our dialogs are
 * opened from state (brand button, cookie banner and footer), and without
 * this keyboard users were left on <body>.
 *
 * With `focusFirstField`, opening focuses the first field, so a form can be
 * typed into at once.
 */
export function DialogContent({
  title,
  description,
  closeLabel,
  focusFirstField = false,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl',
          'sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
          'focus:outline-none',
          className,
        )}
        {...props}
        ref={contentRef}
        onOpenAutoFocus={(event) => {
          const active = document.activeElement;
          returnFocusTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
          if (!focusFirstField || event.defaultPrevented) return;
          const field = contentRef.current?.querySelector<HTMLElement>(FIELD_SELECTOR);
          if (!field) return;
          event.preventDefault();
          field.focus();
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = returnFocusTo.current;
          returnFocusTo.current = null;
          if (event.defaultPrevented || !target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          {/* min-w-0 and break-words: a title naming an item with a long unbroken name wraps instead of running off. */}
          <div className="min-w-0">
            <DialogPrimitive.Title className="text-lg font-semibold break-words text-slate-900">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          </div>
          {/* 20 px icon in 10 px padding: a 40 px target; the negative margin keeps the icon where it was. */}
          <DialogPrimitive.Close
            className={cn('-mt-1.5 -mr-1.5 shrink-0 rounded-md p-2.5 text-slate-700 hover:bg-slate-100', FOCUS_RING)}
            aria-label={closeLabel}
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * The row of a dialog's buttons: stacked with the main action on top on
 * phones, side by side from sm up, and stuck to the bottom of the dialog,
 * which scrolls when it is taller than the window, so the buttons stay in
 * view at every width (issue 33, defect 6). The negative margins take the
 * dialog's own padding (p-5), so the row ends where the dialog does; render
 * it inside DialogContent, in elements without padding of their own.
 */
export const DIALOG_ACTIONS_CLASSES =
  'sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-col-reverse gap-2 bg-white px-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end';

export function DialogActions({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(DIALOG_ACTIONS_CLASSES, className)} {...props} />;
}
