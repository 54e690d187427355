import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';

/** In place of the export and deletion actions for a signed-out reader: they act on one's own account. */
export function SignInNotice({ text, onSignIn }: { text: string; onSignIn: () => void }) {
  const { t } = useTranslation('privacy');
  return (
    <div
      className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="privacy-sign-in-notice"
    >
      <p className="text-slate-800">{text}</p>
      <Button onClick={onSignIn} className="shrink-0">
        <LogIn className="h-4 w-4" aria-hidden="true" />
        {t('privacy:signedOut.signIn')}
      </Button>
    </div>
  );
}
