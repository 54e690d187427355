import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { Controller, get, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LIMITS } from '../../../../contract/limits';
import type { Contact } from '../../../../contract/schemas/contact';
import type { OwnItem } from '../../../../contract/schemas/item';
import { recordLoanSchema, type RecordLoanInput } from '../../../../contract/schemas/loan-history';
import { FormDialogActions } from '../../../components/ui/form-dialog';
import { TextareaField, TextField } from '../../../components/ui/form-field';
import { runWithToasts } from '../../../lib/run-with-toasts';
import { useLocalToday } from '../../../lib/use-local-today';
import { useRecordLoan } from '../api/record-loan';
import { BorrowerPicker } from './borrower-picker';

type RecordLoanValues = z.output<ReturnType<typeof recordLoanSchema>>;

/** An empty date field means "no date" (the contract's null). */
const dateOrNull = (value: unknown) => (value === '' || value === undefined ? null : value);

export interface RecordLoanFormProps {
  item: Pick<OwnItem, 'id' | 'name' | 'status'>;
  contacts: readonly Contact[];
  onDone: () => void;
}

/**
 * Issue 19 "record a loan": who (a contact or a typed name), lent on
 * (today unless told), back by (optional), already back and when, a note.
 * Validated with the contract's recordLoanSchema against the user's local
 * today, as the server validates it against the latest today anywhere. An
 * item lent out right now can only get a loan that is already over, so the
 * "already back" box is then ticked and fixed.
 */
export function RecordLoanForm({ item, contacts, onDone }: RecordLoanFormProps) {
  const { t, i18n } = useTranslation();
  const today = useLocalToday();
  const schema = useMemo(() => recordLoanSchema(today), [today]);
  const lentOut = item.status === 'borrowed';
  const returnedId = useId();
  const record = useRecordLoan();
  const [returned, setReturned] = useState(lentOut);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<RecordLoanInput, unknown, RecordLoanValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      borrower: { name: '' },
      lentOn: today,
      expectedReturnDate: null,
      returnedOn: lentOut ? today : null,
      note: '',
    },
  });
  const lentOn = useWatch({ control, name: 'lentOn' });

  const onReturnedChange = (checked: boolean) => {
    setReturned(checked);
    setValue('returnedOn', checked ? today : null);
  };

  const onSubmit = handleSubmit(async (values) => {
    const saved = await runWithToasts(
      () =>
        record.mutateAsync({
          itemId: item.id,
          // The note goes as text: the contract reads an empty one as none.
          body: { ...values, note: values.note ?? '' },
        }),
      i18n,
      { failure: t('loanHistory.record.failed'), success: { title: t('loanHistory.record.recorded') } },
    );
    if (saved) onDone();
  });

  const errorText = (message: string | undefined) => (message ? t(message) : undefined);
  // The borrower is one of two shapes, so its errors sit under the one that was sent.
  const nameError: FieldError | undefined = get(errors, 'borrower.name');
  const contactError: FieldError | undefined = get(errors, 'borrower.contactId');
  const borrowerError = errors.borrower?.message ?? nameError?.message ?? contactError?.message;
  const earliest = lentOn || undefined;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" data-testid="record-loan-form">
      <Controller
        control={control}
        name="borrower"
        render={({ field }) => (
          <BorrowerPicker
            contacts={contacts}
            value={field.value}
            onChange={field.onChange}
            error={errorText(borrowerError)}
          />
        )}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('loanHistory.record.lentOn')}
          type="date"
          max={today}
          error={errorText(errors.lentOn?.message)}
          data-testid="record-loan-lent-on"
          {...register('lentOn')}
        />
        <TextField
          label={t('loanHistory.record.backBy')}
          type="date"
          min={earliest}
          error={errorText(errors.expectedReturnDate?.message)}
          data-testid="record-loan-back-by"
          {...register('expectedReturnDate', { setValueAs: dateOrNull })}
        />
      </div>
      <div className="space-y-3 rounded-lg border border-slate-200 p-3">
        <label htmlFor={returnedId} className="flex cursor-pointer items-start gap-3 text-sm text-slate-900">
          <input
            id={returnedId}
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
            checked={returned}
            disabled={lentOut}
            onChange={(event) => onReturnedChange(event.target.checked)}
            data-testid="record-loan-returned"
          />
          <span className="font-medium">{t('loanHistory.record.alreadyReturned')}</span>
        </label>
        {lentOut && (
          <p className="text-sm text-slate-600" data-testid="record-loan-lent-out">
            {t('loanHistory.record.lentOutNow')}
          </p>
        )}
        {returned && (
          <TextField
            label={t('loanHistory.record.returnedOn')}
            type="date"
            min={earliest}
            max={today}
            error={errorText(errors.returnedOn?.message)}
            data-testid="record-loan-returned-on"
            {...register('returnedOn', { setValueAs: dateOrNull })}
          />
        )}
      </div>
      <TextareaField
        label={t('loanHistory.record.note')}
        rows={2}
        limit={LIMITS.messageMax}
        placeholder={t('loanHistory.record.notePlaceholder')}
        // The note is the owner's own, never shown to the borrower (docs/decisions/0028).
        hint={t('loanHistory.record.noteHint')}
        error={errorText(errors.note?.message)}
        data-testid="record-loan-note"
        {...register('note')}
      />
      <FormDialogActions
        submitLabel={t('loanHistory.record.submit')}
        onCancel={onDone}
        busy={isSubmitting}
        submitTestId="record-loan-submit"
        layout="sticky"
      />
    </form>
  );
}
