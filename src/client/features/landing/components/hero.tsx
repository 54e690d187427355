import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { EmailSignUpNotice } from './email-sign-up-notice';

export function Hero({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 pt-12 pb-10 text-center md:pt-20">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-5xl">{t('landing.hero.title')}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{t('landing.hero.subtitle')}</p>
      <Button size="lg" className="mt-8" onClick={onSignIn}>
        {t('landing.hero.cta')}
        <ArrowRight className="h-5 w-5" aria-hidden="true" />
      </Button>
      <div>
        <EmailSignUpNotice />
      </div>
    </section>
  );
}
