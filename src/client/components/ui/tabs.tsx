import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '../../lib/cn';
import { FOCUS_RING } from './button';

export const Tabs = TabsPrimitive.Root;

/**
 * The row of tabs; give it an aria-label naming the choice. Each tab starts
 * as wide as its label and the tabs share what is left, so a long label
 * ("Meine Gruppen (2)", "Importer depuis l’appareil") takes room from a short
 * one instead of being cut at a phone's width; a label that still does not
 * fit wraps between words. Scrolling sideways stays the last resort.
 */
const TABS_LIST_LAYOUT = {
  row: 'flex',
  /**
   * Two columns on phones, one row from `sm` up: for four tabs whose labels
   * are single long words in some language ("Benachrichtigungen"), which no
   * row of four can hold at 360 px.
   */
  'two-columns-on-phones': 'grid grid-cols-2 sm:flex',
} as const;

export function TabsList({
  className,
  layout = 'row',
  ...props
}: ComponentPropsWithoutRef<typeof TabsPrimitive.List> & { layout?: keyof typeof TABS_LIST_LAYOUT }) {
  return (
    <TabsPrimitive.List
      className={cn(TABS_LIST_LAYOUT[layout], 'gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex min-h-10 flex-auto items-center justify-center gap-2 rounded-md px-2 py-2 text-center text-sm leading-tight font-medium text-balance text-slate-700 sm:px-3',
        'hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        FOCUS_RING,
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentPropsWithoutRef<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4 focus:outline-none', className)} {...props} />;
}
