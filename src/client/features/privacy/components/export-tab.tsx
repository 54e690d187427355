import {
  Activity,
  Bell,
  Download,
  LoaderCircle,
  MessageSquare,
  Package,
  Repeat,
  UserRound,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast-store';
import { failureDescription } from '@/client/lib/error-message';
import { useExportAccount } from '../api/export-account';
import { exportFileName, saveFile } from '../save-file';
import { SignInNotice } from './sign-in-notice';

/** Spec §2 GDPR: what the export holds, with the icons the app uses for each area elsewhere. */
const CONTENTS: readonly { key: string; icon: LucideIcon }[] = [
  { key: 'personal', icon: UserRound },
  { key: 'items', icon: Package },
  { key: 'contacts', icon: Users },
  { key: 'groups', icon: UsersRound },
  { key: 'messages', icon: MessageSquare },
  { key: 'requests', icon: Repeat },
  { key: 'notifications', icon: Bell },
  { key: 'activity', icon: Activity },
];

interface ExportTabProps {
  /** The signed-in user's id; null for a signed-out reader, who is asked to sign in. */
  userId: string | null;
  onSignIn: () => void;
}

/** Spec §2 GDPR, second tab: downloads everything stored about the user as `lendloop-YYYY-MM-DD.json`. */
export function ExportTab({ userId, onSignIn }: ExportTabProps) {
  const { t, i18n } = useTranslation('privacy');
  const exportAccount = useExportAccount();

  const download = async (id: string) => {
    let file: Blob;
    try {
      file = await exportAccount.mutateAsync(id);
    } catch (error) {
      // Spec §8: export failures appear as a destructive toast, with a fallback when the server gave no reason.
      toast({
        variant: 'destructive',
        title: t('privacy:export.failed'),
        description: failureDescription(error, i18n) ?? t('privacy:export.failedDescription'),
      });
      return;
    }
    saveFile(file, exportFileName());
    toast({ title: t('privacy:export.success') });
  };

  return (
    <section
      aria-labelledby="export-title"
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 text-slate-800 sm:p-6"
    >
      <div className="space-y-2">
        <h2 id="export-title" className="text-xl font-bold text-slate-900">
          {t('privacy:export.title')}
        </h2>
        <p>{t('privacy:export.intro')}</p>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">{t('privacy:export.contentsTitle')}</h3>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2" data-testid="export-contents">
          {CONTENTS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex items-start gap-3 rounded-lg bg-slate-50 px-3 py-2">
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>{t(`privacy:export.contents.${key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-sm text-slate-600">{t('privacy:export.safety')}</p>
      {userId === null ? (
        <SignInNotice text={t('privacy:signedOut.export')} onSignIn={onSignIn} />
      ) : (
        <Button
          size="lg"
          className="w-full sm:w-auto"
          disabled={exportAccount.isPending}
          aria-busy={exportAccount.isPending}
          onClick={() => void download(userId)}
          data-testid="export-download"
        >
          {exportAccount.isPending ? (
            <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" />
          ) : (
            <Download className="h-5 w-5" aria-hidden="true" />
          )}
          {t(exportAccount.isPending ? 'privacy:export.busy' : 'privacy:export.button')}
        </Button>
      )}
    </section>
  );
}
