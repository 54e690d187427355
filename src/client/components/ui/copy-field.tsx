import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { TIMINGS } from '@/contract/limits';
import { Button } from './button';
import { Input } from './input';

interface CopyFieldProps {
  label: string;
  value: string;
  /** Already translated button text before and just after a copy. */
  copyLabel: string;
  copiedLabel: string;
  /** Called after the value is on the clipboard. */
  onCopied?: () => void;
  /** Called when the clipboard refused the value (or the browser has none). */
  onCopyFailed: () => void;
  /** On the read-only input. */
  'data-testid'?: string;
  buttonTestId?: string;
}

async function writeToClipboard(text: string): Promise<void> {
  if (typeof navigator.clipboard?.writeText !== 'function') throw new Error('Clipboard not available');
  await navigator.clipboard.writeText(text);
}

/** A read-only value with a copy button that says 'copied' for TIMINGS.copiedMs (spec §2, §9). */
export function CopyField({
  label,
  value,
  copyLabel,
  copiedLabel,
  onCopied,
  onCopyFailed,
  'data-testid': testId,
  buttonTestId,
}: CopyFieldProps) {
  const inputId = useId();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMINGS.copiedMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await writeToClipboard(value);
    } catch {
      onCopyFailed();
      return;
    }
    setCopied(true);
    onCopied?.();
  };

  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          textSize="sm"
          className="min-w-0 flex-1"
          data-testid={testId}
        />
        <Button
          variant="secondary"
          size="field"
          onClick={() => void copy()}
          className="shrink-0"
          data-testid={buttonTestId}
          data-copied={copied}
        >
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? copiedLabel : copyLabel}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? copiedLabel : ''}
      </p>
    </div>
  );
}
