import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { Controller, get, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LIMITS } from '@/contract/limits';
import type { Contact } from '@/contract/schemas/contact';
import type { OwnItem } from '@/contract/schemas/item';
import { recordLoanSchema, type RecordLoanInput } from '@/contract/schemas/loan-history';
import { FormDialogActions } from '@/client/components/ui/form-dialog';
import { TextareaField, TextField } from '@/client/components/ui/form-field';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useLocalToday } from '@/client/lib/use-local-today';
import { useRecordLoan } from '../api/record-loan';
import { BorrowerPicker, type ContactsStatus } from './borrower-picker';

type RecordLoanValues = z.output<ReturnType<typeof recordLoanSchema>>;

/** An empty date field means "no date" (the contract's null). */
const dateOrNull = (value: unknown) => (value === '' || value === undefined ? null : value);

export interface RecordLoanFormProps {
  item: Pick<OwnItem, 'id' | 'name' | 'status' | 'requestCounts'>;
  contacts: readonly Contact[];
  contactsStatus: ContactsStatus;
  onDone: () => void;
}

/**
 * Issue 19 "record a loan": who (a contact or a typed name), lent on
 * (today unless told), back by (optional), already back and when, a note.
 * Validated with the contract's recordLoanSchema against the user's local
 * today, as the server validates it against the latest today anywhere. An
 * item lent out right now can only get a loan that is already over, so the
 * "already back" box is then ticked and fixed. So is an item promised to
 * someone (an accepted request): the server takes no ongoing loan then
 * either. The day it came back is then left empty for the owner to enter:
 * today would be a guess.
 */
export function RecordLoanForm({ item, contacts, contactsStatus, onDone }: RecordLoanFormProps) {
  const { t, i18n } = useTranslation();
  const today = useLocalToday();
  const lentOut = item.status === 'borrowed';
  const promised = !lentOut && item.requestCounts.accepted > 0;
  const onlyFinished = lentOut || promised;
  const schema = useMemo(
    () =>
      recordLoanSchema(today).refine((values) => !onlyFinished || values.returnedOn !== null, {
        path: ['returnedOn'],
        message: 'validation.loanReturnRequired',
      }),
    [today, onlyFinished],
  );
  const returnedId = useId();
  const onlyFinishedId = useId();
  const record = useRecordLoan();
  const [returned, setReturned] = useState(onlyFinished);
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
      returnedOn: null,
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
            contactsStatus={contactsStatus}
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
            disabled={onlyFinished}
            aria-describedby={onlyFinished ? onlyFinishedId : undefined}
            onChange={(event) => onReturnedChange(event.target.checked)}
            data-testid="record-loan-returned"
          />
          <span className="font-medium">{t('loanHistory.record.alreadyReturned')}</span>
        </label>
        {onlyFinished && (
          <p id={onlyFinishedId} className="text-sm text-slate-600" data-testid="record-loan-lent-out">
            {t(lentOut ? 'loanHistory.record.lentOutNow' : 'loanHistory.record.promisedNow')}
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
