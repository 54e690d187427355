import { useTranslation } from 'react-i18next';
import { Button, FOCUS_RING } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { needsNumberChoice, type ImportCandidate, type NumberChoices } from '../device-import';
import { DialogActions } from '@/client/components/ui/dialog';

interface NumberChoiceStepProps {
  candidates: readonly ImportCandidate[];
  choices: NumberChoices;
  onChoose: (candidateId: string, phone: string) => void;
  onImport: () => void;
  onCancel: () => void;
}

/** Spec §2: when an imported contact has several numbers, the person picks one (a radio group per contact). */
export function NumberChoiceStep({ candidates, choices, onChoose, onImport, onCancel }: NumberChoiceStepProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4" data-testid="import-number-choice">
      <p className="text-sm text-slate-700">{t('contacts.import.chooseNumbers')}</p>
      {candidates.filter(needsNumberChoice).map((candidate) => (
        <fieldset key={candidate.id} className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            {t('contacts.import.numberFor', { name: candidate.name })}
          </legend>
          <div className="space-y-1">
            {candidate.phones.map((phone) => (
              <label
                key={phone}
                className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-slate-50"
              >
                <input
                  type="radio"
                  name={`import-number-${candidate.id}`}
                  value={phone}
                  checked={choices[candidate.id] === phone}
                  onChange={() => onChoose(candidate.id, phone)}
                  className={cn('h-4 w-4 accent-brand-700', FOCUS_RING)}
                />
                <span className="text-sm text-slate-900">{phone}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onImport} data-testid="import-confirm">
          {t('contacts.import.importButton', { count: candidates.length })}
        </Button>
      </DialogActions>
    </div>
  );
}
