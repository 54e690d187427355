import { Compass, ShieldCheck, Smartphone, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface Feature {
  icon: LucideIcon;
  titleKey: string;
  textKey: string;
}

/** The three selling points of spec §2 Landing: phone, discover, privacy. */
const FEATURES: readonly Feature[] = [
  { icon: Smartphone, titleKey: 'landing.features.phone.title', textKey: 'landing.features.phone.text' },
  { icon: Compass, titleKey: 'landing.features.discover.title', textKey: 'landing.features.discover.text' },
  { icon: ShieldCheck, titleKey: 'landing.features.privacy.title', textKey: 'landing.features.privacy.text' },
];

export function FeatureCards() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="features-title" className="bg-white py-12">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="features-title" className="text-center text-2xl font-bold text-slate-900">
          {t('landing.features.title')}
        </h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, titleKey, textKey }) => (
            <li key={titleKey} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(titleKey)}</h3>
              <p className="mt-2 text-sm text-slate-700">{t(textKey)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
