import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Spec §1: sign-in goes through the identity provider; signing up with an
 * email address is only announced. A quiet note under the sign-in button, not
 * a control: a disabled field would look broken and tell a screen reader
 * nothing more.
 */
export function EmailSignUpNotice() {
  const { t } = useTranslation();
  return (
    <p
      className="mx-auto mt-4 inline-flex max-w-full flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-full border border-slate-200 bg-white px-4 py-1.5 text-sm text-slate-700"
      data-testid="email-sign-up-notice"
    >
      <Mail className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span>{t('landing.emailSignUp.text')}</span>
      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
        {t('landing.emailSignUp.badge')}
      </span>
    </p>
  );
}
