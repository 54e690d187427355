import { BookUser, CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast-store';
import { isContactPickerSupported } from '../contact-picker';
import type { ImportResult, PickerFailure } from '../device-import';
import { NumberChoiceStep } from './number-choice-step';
import { useDeviceImport } from './use-device-import';

const FAILURE_KEYS = {
  notSupported: { title: 'contacts.import.notSupportedTitle', hint: 'contacts.import.notSupportedHint' },
  accessDenied: { title: 'contacts.import.accessDeniedTitle', hint: 'contacts.import.accessDeniedHint' },
  failed: { title: 'contacts.import.failedTitle', hint: 'contacts.import.failedHint' },
} as const satisfies Record<PickerFailure, { title: string; hint: string }>;

function Notice({ tone, title, text }: { tone: 'warning' | 'success'; title: string; text: string }) {
  const Icon = tone === 'warning' ? CircleAlert : CircleCheck;
  return (
    <div
      role="status"
      className={
        tone === 'warning'
          ? 'flex gap-3 rounded-xl bg-amber-50 p-4 text-amber-950'
          : 'flex gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-950'
      }
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm">{text}</p>
      </div>
    </div>
  );
}

interface ImportContactsPanelProps {
  /** Called when every chosen contact was imported; the dialog then closes. */
  onAllImported: () => void;
}

/**
 * Spec §2 "Import from device" with the Contact Picker API. Where the browser
 * has none, only the 'Not Supported' notice shows.
 */
export function ImportContactsPanel({ onAllImported }: ImportContactsPanelProps) {
  const { t } = useTranslation();
  const onFinished = (result: ImportResult) => {
    toast({
      variant: result.imported === 0 ? 'destructive' : 'default',
      title: t('contacts.import.resultTitle'),
      description: t('contacts.import.result', { imported: result.imported, skipped: result.skipped }),
    });
    if (result.skipped === 0) onAllImported();
  };
  const { state, pick, choose, confirmChoices, reset } = useDeviceImport(onFinished);

  if (!isContactPickerSupported()) {
    return (
      <Notice
        tone="warning"
        title={t('contacts.import.notSupportedTitle')}
        text={t('contacts.import.notSupportedHint')}
      />
    );
  }

  if (state.step === 'choosing') {
    return (
      <NumberChoiceStep
        candidates={state.plan.candidates}
        choices={state.choices}
        onChoose={choose}
        onImport={confirmChoices}
        onCancel={reset}
      />
    );
  }

  const busy = state.step === 'picking' || state.step === 'importing';
  return (
    <div className="space-y-4" aria-busy={busy}>
      <p className="text-sm text-slate-700">{t('contacts.import.intro')}</p>
      {state.step === 'failed' && (
        <Notice
          tone="warning"
          title={t(FAILURE_KEYS[state.failure].title)}
          text={t(FAILURE_KEYS[state.failure].hint)}
        />
      )}
      {state.step === 'done' && (
        <div data-testid="import-result">
          <Notice
            tone={state.result.skipped === 0 ? 'success' : 'warning'}
            title={t('contacts.import.resultTitle')}
            text={t('contacts.import.result', { imported: state.result.imported, skipped: state.result.skipped })}
          />
          {state.result.skipped > 0 && (
            <p className="mt-2 text-sm text-slate-600">{t('contacts.import.skippedHint')}</p>
          )}
        </div>
      )}
      {state.step === 'importing' && (
        <p role="status" className="text-sm text-slate-700">
          {t('contacts.import.importing')}
        </p>
      )}
      <Button onClick={pick} disabled={busy} className="w-full sm:w-auto" data-testid="import-choose">
        <BookUser className="h-4 w-4" aria-hidden="true" />
        {state.step === 'done' ? t('contacts.import.chooseMore') : t('contacts.import.choose')}
      </Button>
    </div>
  );
}
