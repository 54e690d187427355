import { ChevronRight, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FOCUS_RING } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';

/** Spec §2 privacy note, leading to the privacy policy, data export and account deletion. */
export function PrivacyNote() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-brand-100 bg-brand-50 p-4 md:p-6"
      data-testid="privacy-note"
    >
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {t('profile.privacy.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('profile.privacy.text')}</p>
          <Link
            href="/gdpr"
            className={cn(
              'mt-2 inline-flex min-h-10 items-center gap-1 rounded text-sm font-medium text-brand-800 underline-offset-2 hover:underline',
              FOCUS_RING,
            )}
            data-testid="privacy-link"
          >
            {t('profile.privacy.link')}
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}
