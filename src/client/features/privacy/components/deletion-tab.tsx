import { AlertTriangle, Download, Info, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FOCUS_RING } from '@/client/components/ui/button';
import { lazyDialog } from '@/client/components/ui/lazy-dialog';
import { cn } from '@/client/lib/cn';
import { SignInNotice } from './sign-in-notice';

// Radix Dialog loads with the first click on "Delete my account", not with the page.
const DeleteAccountDialog = lazyDialog(() => import('./delete-account-dialog').then((m) => m.DeleteAccountDialog));

const DELETED = ['profile', 'items', 'contacts', 'groups', 'requests', 'notifications', 'activity'] as const;
/** What stays with other people (docs/decisions/0015-account-deletion.md). */
const KEPT = ['messages', 'loans', 'groups', 'contacts', 'signIn'] as const;

interface DeletionTabProps {
  /** The signed-in user's id; null for a signed-out reader, who is asked to sign in. */
  userId: string | null;
  onSignIn: () => void;
  /** Switches to the export tab (the "download your data first" tip). */
  onShowExport: () => void;
}

/** Spec §2 GDPR, third tab: warning, what is deleted and what others keep, then the confirm dialog. */
export function DeletionTab({ userId, onSignIn, onShowExport }: DeletionTabProps) {
  const { t } = useTranslation('privacy');
  const [dialogOpen, setDialogOpen] = useState(false);

  return (
    <section
      aria-labelledby="deletion-title"
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 text-slate-800 sm:p-6"
    >
      <h2 id="deletion-title" className="text-xl font-bold text-slate-900">
        {t('privacy:deletion.title')}
      </h2>
      <p
        className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-red-900"
        data-testid="deletion-warning"
      >
        <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
        {t('privacy:deletion.warning')}
      </p>
      <div className="grid gap-5 md:grid-cols-2">
        <div>
          <h3 className="font-semibold text-slate-900">{t('privacy:deletion.deletedTitle')}</h3>
          <ul className="mt-3 space-y-2" data-testid="deletion-deleted">
            {DELETED.map((key) => (
              <li key={key} className="flex items-start gap-2">
                <X className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
                <span>{t(`privacy:deletion.deleted.${key}`)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">{t('privacy:deletion.keptTitle')}</h3>
          <ul className="mt-3 space-y-2" data-testid="deletion-kept">
            {KEPT.map((key) => (
              <li key={key} className="flex items-start gap-2">
                <Info className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
                <span>{t(`privacy:deletion.kept.${key}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      {userId === null ? (
        <SignInNotice text={t('privacy:signedOut.deletion')} onSignIn={onSignIn} />
      ) : (
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
          {/* Reads as a link (it moves to the export tab), not as a second action beside the delete button. */}
          <button
            type="button"
            onClick={onShowExport}
            className={cn(
              'inline-flex min-h-10 items-center gap-2 self-start rounded-md text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 sm:self-auto',
              FOCUS_RING,
            )}
            data-testid="deletion-export-first"
          >
            <Download className="h-4 w-4 shrink-0" aria-hidden="true" />
            {t('privacy:deletion.exportFirst')}
          </button>
          <Button
            variant="destructive"
            size="lg"
            className="w-full sm:w-auto"
            onClick={() => setDialogOpen(true)}
            data-testid="delete-account-open"
          >
            <Trash2 className="h-5 w-5" aria-hidden="true" />
            {t('privacy:deletion.button')}
          </Button>
          <DeleteAccountDialog open={dialogOpen} onOpenChange={setDialogOpen} userId={userId} />
        </div>
      )}
    </section>
  );
}
