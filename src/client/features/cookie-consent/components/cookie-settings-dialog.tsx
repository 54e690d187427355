import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogActions, DialogContent } from '@/client/components/ui/dialog';
import { Switch } from '@/client/components/ui/switch';
import { ESSENTIAL_ONLY, type CookieChoice } from '../consent-storage';
import { closeCookieSettings, saveCookieChoice, useCookieConsentState } from '../consent-store';

interface PreferenceRowProps {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}

function PreferenceRow({ label, description, checked, disabled = false, onCheckedChange }: PreferenceRowProps) {
  const switchId = useId();
  const descriptionId = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div>
        <label htmlFor={switchId} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={descriptionId} className="mt-1 text-sm text-slate-600">
          {description}
        </p>
      </div>
      <Switch
        id={switchId}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={descriptionId}
      />
    </li>
  );
}

/** The form inside the dialog; mounted per opening so it starts from the stored choice. */
function CookieSettingsForm({ initial }: { initial: CookieChoice }) {
  const { t } = useTranslation();
  const [functional, setFunctional] = useState(initial.functional);
  const [analytics, setAnalytics] = useState(initial.analytics);

  return (
    <>
      <ul className="divide-y divide-slate-200">
        <PreferenceRow
          label={t('cookies.settings.essential.label')}
          description={t('cookies.settings.essential.description')}
          checked
          disabled
        />
        <PreferenceRow
          label={t('cookies.settings.functional.label')}
          description={t('cookies.settings.functional.description')}
          checked={functional}
          onCheckedChange={setFunctional}
        />
        <PreferenceRow
          label={t('cookies.settings.analytics.label')}
          description={t('cookies.settings.analytics.description')}
          checked={analytics}
          onCheckedChange={setAnalytics}
        />
      </ul>
      <DialogActions className="mt-5">
        <Button variant="secondary" onClick={() => saveCookieChoice(ESSENTIAL_ONLY)}>
          {t('cookies.settings.essentialOnly')}
        </Button>
        <Button onClick={() => saveCookieChoice({ functional, analytics })}>{t('cookies.settings.save')}</Button>
      </DialogActions>
    </>
  );
}

export function CookieSettingsDialog() {
  const { t } = useTranslation();
  const { consent, settingsOpen } = useCookieConsentState();

  return (
    <Dialog
      open={settingsOpen}
      onOpenChange={(open) => {
        if (!open) closeCookieSettings();
      }}
    >
      <DialogContent
        title={t('cookies.settings.title')}
        description={t('cookies.settings.description')}
        closeLabel={t('common.close')}
        data-testid="cookie-settings-dialog"
      >
        <CookieSettingsForm initial={consent ?? ESSENTIAL_ONLY} />
      </DialogContent>
    </Dialog>
  );
}
