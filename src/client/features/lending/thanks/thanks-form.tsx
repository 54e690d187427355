import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import { thanksFormSchema } from '@/contract/schemas/loan-condition';
import { FormDialogActions } from '@/client/components/ui/form-dialog';
import { TextareaField } from '@/client/components/ui/form-field';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useSendThanks } from '../api/thanks';

/** "Say thanks" after a return (issue 36): an optional short note; the other person is told. */
export function ThanksForm({
  loanId,
  partnerName,
  onDone,
}: {
  loanId: string;
  partnerName: string;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendThanks(loanId);
  const submit = async () => {
    const parsed = thanksFormSchema.safeParse({ note });
    setError(parsed.success ? null : t(parsed.error.issues[0]?.message ?? 'validation.invalidCharacters'));
    if (!parsed.success) return;
    const sent = await runWithToasts(() => send.mutateAsync({ note }), i18n, {
      failure: t('thanks.failed'),
      success: { title: t('thanks.sent', { name: partnerName }) },
    });
    if (sent) onDone();
  };
  return (
    <form
      noValidate
      className="space-y-4"
      data-testid="thanks-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextareaField
        label={t('thanks.noteLabel', { name: partnerName })}
        placeholder={t('thanks.notePlaceholder')}
        limit={LIMITS.thanksNoteMax}
        rows={2}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={error ?? undefined}
        data-testid="thanks-note"
      />
      <FormDialogActions
        submitLabel={t('thanks.send')}
        onCancel={onDone}
        busy={send.isPending}
        submitTestId="thanks-submit"
      />
    </form>
  );
}
