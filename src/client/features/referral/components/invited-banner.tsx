import { Gift, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import type { Invitation } from '../use-invitation';

/**
 * Shown when the landing URL carries an invite `ref`. While the inviter is
 * being looked up (or the lookup failed for a reason unrelated to the link)
 * it is the generic invitation; once known it names the inviter. Both buttons
 * start sign-in (sign-up happens at the provider). A refused link gets an
 * explanation and no join buttons; the header's sign-in still works.
 */
export function InvitedBanner({ invitation, onSignIn }: { invitation: Invitation; onSignIn: () => void }) {
  const { t } = useTranslation();

  if (invitation.status === 'invalid') {
    return (
      <section
        aria-labelledby="invited-banner-title"
        data-testid="invited-banner"
        data-state="invalid"
        className="mx-auto mt-6 max-w-6xl px-4"
      >
        <div className="flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:flex-row sm:items-center">
          <TriangleAlert className="h-8 w-8 shrink-0 text-amber-800" aria-hidden="true" />
          <div className="flex-1">
            <h2 id="invited-banner-title" className="text-lg font-semibold text-slate-900">
              {t('landing.invited.invalidTitle')}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t('landing.invited.invalidText')}</p>
          </div>
        </div>
      </section>
    );
  }

  const named = invitation.status === 'named';
  return (
    <section
      aria-labelledby="invited-banner-title"
      data-testid="invited-banner"
      data-state={invitation.status}
      className="mx-auto mt-6 max-w-6xl px-4"
    >
      <div className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center">
        <Gift className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="flex-1">
          <h2 id="invited-banner-title" className="text-lg font-semibold text-slate-900">
            {named
              ? t('landing.invited.titleNamed', { inviterName: invitation.inviterName })
              : t('landing.invited.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {named
              ? t('landing.invited.textNamed', { inviterName: invitation.inviterName })
              : t('landing.invited.text')}
          </p>
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
