import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

interface SpinnerProps {
  /** Read out by screen readers; visually hidden. */
  label: string;
  /** Fill the whole viewport (first load) instead of the content area (lazy page chunks). */
  fullScreen?: boolean;
}

/**
 * Loading indicator in a `status` live region, inside <main> so the content
 * that replaces it keeps the same landmark structure.
 */
export function Spinner({ label, fullScreen = false }: SpinnerProps) {
  return (
    <main
      id="main-content"
      className={cn('flex items-center justify-center', fullScreen ? 'min-h-dvh' : 'min-h-[50vh]')}
      aria-busy="true"
    >
      <div role="status" className="flex flex-col items-center gap-3 text-slate-700">
        <LoaderCircle className="h-8 w-8 animate-spin text-brand-700" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </div>
    </main>
  );
}
