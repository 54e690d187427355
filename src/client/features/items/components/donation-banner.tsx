import { ExternalLink, HeartHandshake, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses, FOCUS_RING } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { DONATION_URL, recordDonationBannerShown, shouldShowDonationBanner } from '../donation';

/**
 * Spec §2 edit item dialog: a donation banner at most once per 15 days
 * (spec §9). Decided when it mounts; the showing is recorded once it is on
 * screen. The link opens the donation page in a new tab; the user can dismiss it.
 */
export function DonationBanner() {
  const { t } = useTranslation();
  const headingId = useId();
  const [visible, setVisible] = useState(() => shouldShowDonationBanner());

  useEffect(() => {
    if (visible) recordDonationBannerShown();
  }, [visible]);

  if (!visible) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="relative rounded-lg border border-amber-200 bg-amber-50 p-3 pr-12 text-sm text-slate-800"
      data-testid="donation-banner"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <HeartHandshake className="h-4 w-4 text-amber-700" aria-hidden="true" />
        {t('items.donation.title')}
      </h3>
      <p className="mt-1">{t('items.donation.text')}</p>
      <a
        href={DONATION_URL}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses('secondary', 'sm', 'mt-2 min-h-10')}
        data-testid="donation-link"
      >
        {t('items.donation.donate')}
        <ExternalLink className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">{t('items.donation.newTab')}</span>
      </a>
      <button
        type="button"
        onClick={() => setVisible(false)}
        aria-label={t('items.donation.dismiss')}
        className={cn(
          'absolute top-1 right-1 inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-amber-100',
          FOCUS_RING,
        )}
        data-testid="donation-dismiss"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </section>
  );
}
