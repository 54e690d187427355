import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/client/components/language-select';
import { BrandLogo } from '@/client/components/ui/brand-logo';
import { Button } from '@/client/components/ui/button';

export function LandingHeader({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <span className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <BrandLogo />
          {/* Below 380 px the language menu and a long "Sign in" (Se connecter) leave no room: the logo stays. */}
          <span className="max-[379px]:sr-only">{t('app.name')}</span>
        </span>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSelect />
          <Button onClick={onSignIn} data-testid="landing-sign-in">
            {t('common.signIn')}
          </Button>
        </div>
      </div>
    </header>
  );
}
