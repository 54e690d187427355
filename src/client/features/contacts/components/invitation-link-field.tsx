import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '../../../../contract/limits';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';

interface InvitationLinkFieldProps {
  link: string;
  /** Called after the link is on the clipboard. */
  onCopied: () => void;
}

async function writeToClipboard(text: string): Promise<void> {
  if (!('clipboard' in navigator) || typeof navigator.clipboard.writeText !== 'function') {
    throw new Error('Clipboard not available');
  }
  await navigator.clipboard.writeText(text);
}

/** Spec §2: read-only invitation link with a copy button that shows 'copied' for 2 seconds. */
export function InvitationLinkField({ link, onCopied }: InvitationLinkFieldProps) {
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
      await writeToClipboard(link);
    } catch {
      toast({ variant: 'destructive', title: t('contacts.invitation.copyFailed') });
      return;
    }
    setCopied(true);
    onCopied();
  };

  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
        {t('contacts.invitation.link')}
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 text-sm"
          data-testid="invitation-link"
        />
        <Button
          variant="secondary"
          onClick={() => void copy()}
          className="h-11 shrink-0"
          data-testid="copy-invitation-link"
          data-copied={copied}
        >
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? t('contacts.invitation.copied') : t('contacts.invitation.copy')}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? t('contacts.invitation.copied') : ''}
      </p>
    </div>
  );
}
