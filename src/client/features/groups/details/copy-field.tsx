import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '../../../../contract/limits';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';

interface CopyFieldProps {
  label: string;
  value: string;
  copyLabel: string;
  'data-testid'?: string;
}

/** A read-only value with a copy button that says 'Copied' for TIMINGS.copiedMs (spec §9). */
export function CopyField({ label, value, copyLabel, 'data-testid': testId }: CopyFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMINGS.copiedMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      if (typeof navigator.clipboard?.writeText !== 'function') throw new Error('Clipboard not available');
      await navigator.clipboard.writeText(value);
    } catch {
      toast({ variant: 'destructive', title: t('groups.details.invite.copyFailed') });
      return;
    }
    setCopied(true);
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
          className="min-w-0 flex-1 text-sm"
          data-testid={testId}
        />
        <Button variant="secondary" onClick={() => void copy()} className="h-11 shrink-0" data-copied={copied}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? t('groups.details.invite.copied') : copyLabel}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? t('groups.details.invite.copied') : ''}
      </p>
    </div>
  );
}
