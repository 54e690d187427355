import { Link2, Mail, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { CopyField } from '@/client/components/ui/copy-field';
import { FormDialog } from '@/client/components/ui/form-dialog';
import { toast } from '@/client/components/ui/toast-store';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { mailtoUrl, whatsappUrl } from '@/client/lib/share-urls';
import { useLoanLinkAction, useLoanLinkState } from '../api/loan-link';

export interface BorrowerLinkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  loanId: string;
  itemName: string;
  borrowerName: string;
}

/**
 * The owner's side of a private loan link (issue 36, docs/decisions/0049),
 * for a borrower without an account: make a link and send it by WhatsApp,
 * email or copy (shown once: only its hash is kept, so sending it again
 * means a new one), turn it off, and see what the borrower said through it,
 * answering more time asked for.
 */
export function BorrowerLinkDialog({ open, onOpenChange, loanId, itemName, borrowerName }: BorrowerLinkDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('loanLink.owner.title', { name: borrowerName })}
      description={t('loanLink.owner.description', { item: itemName })}
      focusFirstField={false}
      data-testid="borrower-link-dialog"
    >
      <BorrowerLinkBody loanId={loanId} itemName={itemName} />
    </FormDialog>
  );
}

function BorrowerLinkBody({ loanId, itemName }: { loanId: string; itemName: string }) {
  const { t, i18n } = useTranslation();
  const { formatDateTime, formatCalendarDate } = useDateFormatters();
  const state = useLoanLinkState(loanId);
  const action = useLoanLinkAction(loanId);
  const [url, setUrl] = useState<string | null>(null);
  const run = (kind: 'make' | 'revoke' | 'accept' | 'decline', success: string) =>
    runWithToasts(() => action.mutateAsync(kind), i18n, {
      failure: t('loanLink.owner.failed'),
      success: { title: t(success) },
    });
  const message = url ? t('loanLink.owner.message', { item: itemName, url }) : '';
  const link = state.data;
  return (
    <div className="min-w-0 space-y-4" data-testid="borrower-link">
      {url ? (
        <div className="space-y-3">
          <CopyField
            label={t('loanLink.owner.linkLabel')}
            value={url}
            copyLabel={t('loanLink.owner.copy')}
            copiedLabel={t('loanLink.owner.copied')}
            onCopyFailed={() => toast({ variant: 'destructive', title: t('loanLink.owner.copyFailed') })}
            data-testid="borrower-link-url"
          />
          <div className="flex flex-wrap gap-2">
            <a
              className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 hover:bg-slate-50"
              href={whatsappUrl(null, message)}
              target="_blank"
              rel="noreferrer"
            >
              <MessageCircle className="h-4 w-4" aria-hidden="true" />
              {t('loanLink.owner.whatsapp')}
            </a>
            <a
              className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 hover:bg-slate-50"
              href={mailtoUrl(null, t('loanLink.owner.subject', { item: itemName }), message)}
            >
              <Mail className="h-4 w-4" aria-hidden="true" />
              {t('loanLink.owner.email')}
            </a>
          </div>
          <p className="text-sm text-slate-600">{t('loanLink.owner.shownOnce')}</p>
        </div>
      ) : (
        <p className="text-sm text-slate-700" data-testid="borrower-link-status">
          {link?.active && link.createdAt
            ? t('loanLink.owner.activeSince', { date: formatDateTime(link.createdAt) })
            : t('loanLink.owner.none')}
        </p>
      )}
      {link?.handoverConfirmedAt && (
        <p className="text-sm text-slate-800" data-testid="borrower-link-have-it">
          {t('loanLink.owner.confirmedHandover', { date: formatDateTime(link.handoverConfirmedAt) })}
        </p>
      )}
      {link?.returnReportedAt && (
        <p className="text-sm font-medium text-slate-900" data-testid="borrower-link-brought-back">
          {t('loanLink.owner.reportedReturn', { date: formatDateTime(link.returnReportedAt) })}
        </p>
      )}
      {link?.extension && link.extension.answer === null && (
        <div
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
          data-testid="borrower-link-extension"
        >
          <p className="text-sm text-slate-900">
            {t('loanLink.owner.asksUntil', { date: formatCalendarDate(link.extension.until) })}
          </p>
          {link.extension.note && (
            <p className="border-l-4 border-amber-300 pl-2 text-sm wrap-anywhere text-slate-800">
              {link.extension.note}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void run('accept', 'loanLink.owner.accepted')} disabled={action.isPending}>
              {t('loanLink.owner.accept')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void run('decline', 'loanLink.owner.declined')}
              disabled={action.isPending}
            >
              {t('loanLink.owner.decline')}
            </Button>
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() =>
            void runWithToasts(
              async () => {
                const made = await action.mutateAsync('make');
                if (made) setUrl(made.url);
              },
              i18n,
              { failure: t('loanLink.owner.failed') },
            )
          }
          disabled={action.isPending}
          data-testid="borrower-link-make"
        >
          <Link2 className="h-4 w-4" aria-hidden="true" />
          {t(link?.active ? 'loanLink.owner.makeNew' : 'loanLink.owner.make')}
        </Button>
        {link?.active && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setUrl(null);
              void run('revoke', 'loanLink.owner.revoked');
            }}
            disabled={action.isPending}
            data-testid="borrower-link-revoke"
          >
            {t('loanLink.owner.revoke')}
          </Button>
        )}
      </div>
    </div>
  );
}
