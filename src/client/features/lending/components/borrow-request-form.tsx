import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LIMITS } from '@/contract/limits';
import type { SharedItem } from '@/contract/schemas/item';
import type { HoldConflict } from '@/contract/reservations';
import { addDays, borrowFormSchema, latestBorrowStart, type BorrowFormInput } from '@/contract/schemas/lending';
import { FormDialogActions } from '@/client/components/ui/form-dialog';
import { TextareaField, TextField } from '@/client/components/ui/form-field';
import { localIsoDate } from '@/client/lib/local-date';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { isApiError } from '@/client/lib/api-client';
import { useCreateLendingRequest } from '../api/create-lending-request';
import { BookingConflict } from '../calendar/booking-conflict';
import { BorrowDatesCalendar } from '../calendar/borrow-dates-calendar';

const EMPTY: BorrowFormInput = { message: '', requestedFrom: '', requestedUntil: '' };

/**
 * What was typed into a borrow request that was not sent, per item, kept in
 * the tab's sessionStorage (issue 33): Cancel, Back, a tap beside the sheet
 * or a reload no longer throw a written message away. Sending clears it;
 * closing the tab ends it.
 */
const draftKey = (itemId: string) => `lendloop.borrowDraft.${itemId}`;
const SENT = 'sent';
const draftShape = z.object({ message: z.string(), requestedFrom: z.string(), requestedUntil: z.string() });

function draftOf(itemId: string): BorrowFormInput {
  try {
    const parsed = draftShape.safeParse(JSON.parse(sessionStorage.getItem(draftKey(itemId)) ?? 'null'));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

function keepDraft(itemId: string, draft: BorrowFormInput | typeof SENT | null): void {
  try {
    if (draft === null) sessionStorage.removeItem(draftKey(itemId));
    else sessionStorage.setItem(draftKey(itemId), draft === SENT ? SENT : JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the draft is only a convenience.
  }
}

interface BorrowRequestFormProps {
  item: SharedItem;
  onDone: () => void;
}

/**
 * Spec §2 borrow-request dialog, §5 borrow form: what is asked for (item,
 * owner, description), a message and the two dates. Dates start no earlier
 * than the user's local today, the until-date no earlier than the from-date,
 * and choosing a from-date fills an empty until-date with the same day.
 * Validated with the contract's borrowFormSchema, as the server validates.
 */
export function BorrowRequestForm({ item, onDone }: BorrowRequestFormProps) {
  const { t, i18n } = useTranslation();
  const [today] = useState(() => localIsoDate());
  const schema = useMemo(() => borrowFormSchema(today), [today]);
  const create = useCreateLendingRequest();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<BorrowFormInput>({ resolver: zodResolver(schema), defaultValues: draftOf(item.id) });
  const from = useWatch({ control, name: 'requestedFrom' });
  const until = useWatch({ control, name: 'requestedUntil' });
  // A refusal for busy days, shown in the dialog with the nearest free period (docs/decisions/0047).
  const [refusal, setRefusal] = useState<{
    conflict: HoldConflict;
    messageKey: string;
    asked: { from: string; until: string };
  } | null>(null);
  const setDates = (dates: { from: string; until: string }) => {
    setValue('requestedFrom', dates.from, { shouldValidate: Boolean(errors.requestedFrom) });
    setValue('requestedUntil', dates.until, { shouldValidate: Boolean(errors.requestedUntil) });
    setRefusal(null);
  };
  useEffect(
    () => () => {
      if (sessionStorage.getItem(draftKey(item.id)) === SENT) return keepDraft(item.id, null);
      const draft = getValues();
      keepDraft(item.id, draft.message.trim() || draft.requestedFrom || draft.requestedUntil ? draft : null);
    },
    [item.id, getValues],
  );

  const onSubmit = handleSubmit(async (values) => {
    const sent = await runWithToasts(
      () =>
        create.mutateAsync({
          itemId: item.id,
          message: values.message.trim(),
          requestedFrom: values.requestedFrom,
          // Spec §3: the form's until-date is sent as expectedReturnDate.
          expectedReturnDate: values.requestedUntil,
        }),
      i18n,
      {
        failure: t('lending.toasts.sendFailed'),
        success: { title: t('lending.toasts.sent') },
        shownInPlace: (error) => {
          if (!isApiError(error) || !error.conflict) return false;
          setRefusal({
            conflict: error.conflict,
            messageKey: error.messageKey ?? 'errors.item_booked',
            asked: { from: values.requestedFrom, until: values.requestedUntil },
          });
          return true;
        },
      },
    );
    if (!sent) return;
    keepDraft(item.id, SENT);
    onDone();
  });

  const errorText = (message: string | undefined) => (message ? t(message) : undefined);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" data-testid="borrow-form">
      <TextareaField
        label={t('lending.borrow.message')}
        rows={4}
        limit={LIMITS.messageMax}
        placeholder={t('lending.borrow.messagePlaceholder')}
        error={errorText(errors.message?.message)}
        data-testid="borrow-message"
        {...register('message')}
      />
      <BorrowDatesCalendar
        itemId={item.id}
        today={today}
        lastDay={addDays(latestBorrowStart(today), LIMITS.loanMaxDays)}
        from={from}
        until={until}
        onChange={setDates}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('lending.borrow.from')}
          type="date"
          min={today}
          error={errorText(errors.requestedFrom?.message)}
          data-testid="borrow-from"
          {...register('requestedFrom', {
            onChange: (event: { target: { value: string } }) => {
              setRefusal(null);
              const chosen = event.target.value;
              if (chosen && !getValues('requestedUntil')) setValue('requestedUntil', chosen);
            },
          })}
        />
        <TextField
          label={t('lending.borrow.until')}
          type="date"
          min={from && from >= today ? from : today}
          error={errorText(errors.requestedUntil?.message)}
          data-testid="borrow-until"
          {...register('requestedUntil', { onChange: () => setRefusal(null) })}
        />
      </div>
      {refusal && (
        <BookingConflict
          itemId={item.id}
          asked={refusal.asked}
          conflict={refusal.conflict}
          messageKey={refusal.messageKey}
          onUseSuggestion={setDates}
        />
      )}
      <FormDialogActions
        submitLabel={t('lending.borrow.submit')}
        onCancel={onDone}
        busy={isSubmitting}
        submitTestId="borrow-submit"
        layout="sticky"
      />
    </form>
  );
}
