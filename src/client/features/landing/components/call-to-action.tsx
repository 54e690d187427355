import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';

export function CallToAction({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-12">
      <div className="rounded-2xl bg-brand-800 px-6 py-10 text-center text-white">
        <h2 id="cta-title" className="text-2xl font-bold">
          {t('landing.cta.title')}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-brand-50">{t('landing.cta.text')}</p>
        <Button variant="onBrand" size="lg" className="mt-6" onClick={onSignIn}>
          {t('common.signIn')}
        </Button>
      </div>
    </section>
  );
}
