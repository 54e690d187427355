import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import type { LendingRequest } from '@/contract/schemas/lending';
import { addDays } from '@/contract/schemas/lending';
import { extensionFormSchema, type ExtensionFormInput, type ExtensionFormOutput } from '@/contract/schemas/loans';
import { FormDialog, FormDialogActions } from '@/client/components/ui/form-dialog';
import { TextareaField, TextField } from '@/client/components/ui/form-field';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { localIsoDate } from '@/client/lib/local-date';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useRequestExtension } from '../api/request-extension';

export interface ExtensionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The borrowed loan; its expectedReturnDate is the current due date. */
  request: LendingRequest & { expectedReturnDate: string };
}

/**
 * "Ask to extend" (issue 18): the borrower picks a later return date and may
 * add a note; the owner accepts or declines. Validated with the contract's
 * extensionFormSchema against the current due date and the user's local
 * today, as the server validates it.
 */
export function ExtensionDialog({ open, onOpenChange, request }: ExtensionDialogProps) {
  const { t } = useTranslation();
  const { formatCalendarDate } = useDateFormatters();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('lending.extension.title', { name: request.item.name })}
      description={t('lending.extension.description', {
        date: formatCalendarDate(request.expectedReturnDate),
        owner: request.owner.name,
      })}
      data-testid="extension-dialog"
    >
      <ExtensionForm request={request} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ExtensionForm({ request, onDone }: { request: ExtensionDialogProps['request']; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [today] = useState(() => localIsoDate());
  const due = request.expectedReturnDate;
  const schema = useMemo(() => extensionFormSchema(due, today), [due, today]);
  const ask = useRequestExtension();
  const dayAfterDue = addDays(due, 1);
  const earliest = dayAfterDue > today ? dayAfterDue : today;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ExtensionFormInput, unknown, ExtensionFormOutput>({
    resolver: zodResolver(schema),
    // A week more is the common ask; the date field lets the borrower change it.
    defaultValues: { requestedUntil: addDays(earliest, 6), message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const sent = await runWithToasts(
      () =>
        ask.mutateAsync({
          lendingRequestId: request.id,
          body: { requestedUntil: values.requestedUntil, message: values.message ?? '' },
        }),
      i18n,
      { failure: t('lending.extension.failed'), success: { title: t('lending.extension.sent') } },
    );
    if (sent) onDone();
  });
  const errorText = (message: string | undefined) => (message ? t(message) : undefined);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" data-testid="extension-form">
      <TextField
        label={t('lending.extension.until')}
        type="date"
        min={earliest}
        error={errorText(errors.requestedUntil?.message)}
        data-testid="extension-until"
        {...register('requestedUntil')}
      />
      <TextareaField
        label={t('lending.extension.message')}
        rows={3}
        limit={LIMITS.messageMax}
        placeholder={t('lending.extension.messagePlaceholder')}
        error={errorText(errors.message?.message)}
        data-testid="extension-message"
        {...register('message')}
      />
      <FormDialogActions
        submitLabel={t('lending.extension.submit')}
        onCancel={onDone}
        busy={isSubmitting}
        submitTestId="extension-submit"
      />
    </form>
  );
}
