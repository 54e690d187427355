import { Repeat2 } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The loop mark next to the app name; decorative, the name beside it is the text. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-white', className)}
    >
      <Repeat2 className="h-5 w-5" aria-hidden="true" />
    </span>
  );
}
