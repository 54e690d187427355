import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { quickAddItemSchema, type QuickAddItemInput } from '@/contract/schemas/network-request';
import { FormDialog, FormDialogActions } from '@/client/components/ui/form-dialog';
import { LIMITS } from '@/contract/limits';
import { TextareaField, TextField } from '@/client/components/ui/form-field';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useRespondToNetworkRequest } from '../api/respond-to-network-request';

type QuickAddItemValues = z.output<typeof quickAddItemSchema>;

export interface QuickAddDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The network_request message being answered. */
  messageId: string;
  /** What the requester is looking for: the item name starts as this. */
  requestTitle: string;
  requesterName: string;
}

/**
 * Spec §2/§5 quick-add ('Add Item to Help'): name required (trimmed) and a
 * description. The server creates the item (category other, available),
 * shares it with the requester and tells them.
 */
export function QuickAddDialog({ open, onOpenChange, ...props }: QuickAddDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('networkRequests.quickAdd.title')}
      description={t('networkRequests.quickAdd.description', {
        title: props.requestTitle,
        name: props.requesterName,
      })}
      data-testid="quick-add-dialog"
    >
      <QuickAddForm {...props} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type QuickAddFormProps = Omit<QuickAddDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void };

function QuickAddForm({ messageId, requestTitle, requesterName, onDone }: QuickAddFormProps) {
  const { t, i18n } = useTranslation();
  const respond = useRespondToNetworkRequest();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<QuickAddItemInput, unknown, QuickAddItemValues>({
    resolver: zodResolver(quickAddItemSchema),
    defaultValues: { name: requestTitle, description: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const added = await runWithToasts(
      () =>
        respond.mutateAsync({
          messageId,
          body: { response: 'add_to_items', item: { name: values.name, description: values.description ?? '' } },
        }),
      i18n,
      {
        failure: t('networkRequests.toasts.addFailed'),
        // Spec §8: "item added with requester notified".
        success: {
          title: t('networkRequests.toasts.itemAdded'),
          description: t('networkRequests.toasts.requesterNotified', { name: requesterName }),
        },
      },
    );
    if (added) onDone();
  });

  const errorText = (message: string | undefined) => (message ? t(message) : undefined);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <TextField
        label={t('networkRequests.quickAdd.name')}
        autoComplete="off"
        hint={t('networkRequests.quickAdd.hint')}
        limit={LIMITS.nameMax}
        error={errorText(errors.name?.message)}
        data-testid="quick-add-name"
        {...register('name')}
      />
      <TextareaField
        label={t('networkRequests.quickAdd.details')}
        rows={3}
        limit={LIMITS.descriptionMax}
        error={errorText(errors.description?.message)}
        data-testid="quick-add-description"
        {...register('description')}
      />
      <FormDialogActions
        submitLabel={t('networkRequests.quickAdd.submit')}
        onCancel={onDone}
        busy={isSubmitting}
        submitTestId="quick-add-submit"
        layout="tight"
      />
    </form>
  );
}
