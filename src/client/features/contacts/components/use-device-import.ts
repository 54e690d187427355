import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createContact } from '../api/create-contact';
import { CONTACTS_URL } from '@/client/lib/query-keys/contact-query-keys';
import { pickDeviceContacts } from '../contact-picker';
import {
  classifyPickerError,
  importCandidates,
  initialNumberChoices,
  needsNumberChoice,
  planImport,
  type ImportPlan,
  type ImportResult,
  type NumberChoices,
  type PickerFailure,
} from '../device-import';

export type DeviceImportState =
  | { step: 'idle' }
  | { step: 'picking' }
  | { step: 'choosing'; plan: ImportPlan; choices: NumberChoices }
  | { step: 'importing' }
  | { step: 'done'; result: ImportResult }
  | { step: 'failed'; failure: PickerFailure };

/**
 * The import flow of spec §2/§8: pick from the device, choose a number where
 * a contact has several, then create the contacts one by one. `onFinished`
 * gets the counts once the contacts are created.
 */
export function useDeviceImport(onFinished: (result: ImportResult) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DeviceImportState>({ step: 'idle' });

  const run = async (plan: ImportPlan, choices: NumberChoices) => {
    setState({ step: 'importing' });
    const result = await importCandidates(plan, choices, createContact);
    if (result.imported > 0) await queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] });
    setState({ step: 'done', result });
    onFinished(result);
  };

  const pick = async () => {
    setState({ step: 'picking' });
    let plan: ImportPlan;
    try {
      const picked = await pickDeviceContacts();
      if (picked.length === 0) {
        setState({ step: 'idle' });
        return;
      }
      plan = planImport(picked);
    } catch (error) {
      setState({ step: 'failed', failure: classifyPickerError(error) });
      return;
    }
    const choices = initialNumberChoices(plan.candidates);
    if (plan.candidates.some(needsNumberChoice)) {
      setState({ step: 'choosing', plan, choices });
      return;
    }
    await run(plan, choices);
  };

  const choose = (candidateId: string, phone: string) => {
    setState((current) =>
      current.step === 'choosing' ? { ...current, choices: { ...current.choices, [candidateId]: phone } } : current,
    );
  };

  const confirmChoices = () => {
    if (state.step === 'choosing') void run(state.plan, state.choices);
  };

  const reset = () => setState({ step: 'idle' });

  return { state, pick: () => void pick(), choose, confirmChoices, reset };
}
