import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** Shown when the landing URL carries an invite `ref`; both buttons start sign-in (sign-up happens at the provider). */
export function InvitedBanner({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="invited-banner-title"
      data-testid="invited-banner"
      className="mx-auto mt-6 max-w-6xl px-4"
    >
      <div className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center">
        <Gift className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="flex-1">
          <h2 id="invited-banner-title" className="text-lg font-semibold text-slate-900">
            {t('landing.invited.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('landing.invited.text')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onSignIn} data-testid="invite-join">
            {t('landing.invited.join')}
          </Button>
          <Button variant="secondary" onClick={onSignIn} data-testid="invite-sign-in">
            {t('landing.invited.signIn')}
          </Button>
        </div>
      </div>
    </section>
  );
}
