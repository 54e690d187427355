import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@/contract/limits';
import { cn } from '../../lib/cn';
import { FOCUS_RING } from './button';
import { dismissToast, useCurrentToast } from './toast-store';

/** Renders the single current toast; mount once near the root. */
export function Toaster() {
  const { t } = useTranslation();
  const current = useCurrentToast();
  const destructive = current?.variant === 'destructive';

  return (
    <ToastPrimitive.Provider duration={TIMINGS.toastDurationMs} label={t('toast.label')} swipeDirection="right">
      {current && (
        <ToastPrimitive.Root
          // A new id remounts the toast, which restarts its timer and re-announces it.
          key={current.id}
          duration={current.durationMs}
          type={destructive ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          data-testid="toast"
          className={cn(
            'pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg',
            destructive ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="flex-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className={cn('mt-1 text-sm', destructive ? 'text-white' : 'text-slate-700')}>
                {current.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={t('toast.close')}
            className={cn('rounded-md p-1', destructive ? 'hover:bg-red-800' : 'hover:bg-slate-100', FOCUS_RING)}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      {/*
        Phones: at the bottom, above the bottom bar (layouts/bottom-nav.tsx: 4rem high plus the safe
        area), so the header stays usable. While a dialog is open it covers the bottom bar and its own
        buttons sit there, so the toast goes to the top. From md up, where the bottom bar is hidden:
        top right. The viewport lets taps through; only the toast itself takes them.
      */}
      <ToastPrimitive.Viewport
        label={t('toast.viewportLabel')}
        className={cn(
          'pointer-events-none fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-[100] flex flex-col gap-2 p-4',
          'max-md:[body:has([role=dialog],[role=alertdialog])_&]:top-0',
          'max-md:[body:has([role=dialog],[role=alertdialog])_&]:bottom-auto',
          'sm:inset-x-auto sm:right-0 sm:w-96 md:top-0 md:bottom-auto',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
