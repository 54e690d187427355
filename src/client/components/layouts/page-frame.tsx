import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The column's widest size: most pages use the app's full width, text-heavy ones a reading width. */
export type PageFrameWidth = 'wide' | 'narrow';

const WIDTH_CLASSES: Record<PageFrameWidth, string> = {
  wide: 'max-w-6xl',
  narrow: 'max-w-3xl',
};

interface PageFrameProps {
  title: string;
  subtitle?: string;
  children?: ReactNode;
  width?: PageFrameWidth;
  /** Added to the frame's classes; set the width with `width`, not here (cn does not merge). */
  className?: string;
}

/**
 * The <main> landmark with the page's single <h1>. `id="main-content"` is the
 * skip link's target; tabIndex -1 lets the skip link move focus here.
 */
export function PageFrame({ title, subtitle, children, width = 'wide', className }: PageFrameProps) {
  const headingId = useId();
  return (
    <main
      id="main-content"
      tabIndex={-1}
      aria-labelledby={headingId}
      className={cn('mx-auto w-full px-4 py-6 focus:outline-none md:py-8', WIDTH_CLASSES[width], className)}
    >
      <h1 id={headingId} className="text-2xl font-bold text-slate-900 md:text-3xl">
        {title}
      </h1>
      {subtitle && <p className="mt-1 text-base text-slate-700">{subtitle}</p>}
      {children}
    </main>
  );
}
