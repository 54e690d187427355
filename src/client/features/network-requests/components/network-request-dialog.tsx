import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ITEM_CATEGORIES, URGENCIES } from '@/contract/enums';
import type { SharedItem } from '@/contract/schemas/item';
import { networkRequestFormSchema, type NetworkRequestFormInput } from '@/contract/schemas/network-request';
import { FormDialog, FormDialogActions } from '@/client/components/ui/form-dialog';
import { LIMITS } from '@/contract/limits';
import { TextareaField, TextField } from '@/client/components/ui/form-field';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { SelectField } from '@/client/components/ui/select-field';
import { CATEGORY_LABEL_KEYS } from '@/client/lib/item-labels';
import { useCreateNetworkRequest, type CreateNetworkRequestBody } from '../api/create-network-request';
import { URGENCY_LABEL_KEYS } from '@/client/lib/network-request-labels';
import { ItemSuggestions } from './item-suggestions';

type NetworkRequestFormValues = z.output<typeof networkRequestFormSchema>;

export interface NetworkRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Ask for an item already in the network directly (the page's borrow flow) instead of asking everyone. */
  onAskForItem?: (item: SharedItem) => void;
  /** Why Ask is off for a suggested item (see ItemSuggestions), from the page. */
  askBlockedReason?: (item: SharedItem) => string | undefined;
}

/**
 * Spec §2/§5 network request dialog, opened from Available Items' 'Item not
 * listed?' card. Mounted per opening, so every request starts empty. While
 * the title is typed it suggests matching items the user can already see.
 */
export function NetworkRequestDialog({
  open,
  onOpenChange,
  onAskForItem,
  askBlockedReason,
}: NetworkRequestDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('networkRequests.dialog.title')}
      description={t('networkRequests.dialog.description')}
      data-testid="network-request-dialog"
    >
      <NetworkRequestForm
        onDone={() => onOpenChange(false)}
        onAskForItem={onAskForItem}
        askBlockedReason={askBlockedReason}
      />
    </FormDialog>
  );
}

const EMPTY_FORM: NetworkRequestFormInput = { title: '', description: '', category: '', urgency: 'normal' };

/**
 * Title required (≤ 100), description ≤ 500, category optional ('' = any,
 * not sent), urgency low / normal / high with normal preselected; validated
 * with the contract's networkRequestFormSchema, as the server validates.
 */
function NetworkRequestForm({
  onDone,
  onAskForItem,
  askBlockedReason,
}: {
  onDone: () => void;
  onAskForItem?: (item: SharedItem) => void;
  askBlockedReason?: (item: SharedItem) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const create = useCreateNetworkRequest();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NetworkRequestFormInput, unknown, NetworkRequestFormValues>({
    resolver: zodResolver(networkRequestFormSchema),
    defaultValues: EMPTY_FORM,
  });

  const title = useWatch({ control, name: 'title' });

  const onSubmit = handleSubmit(async (values) => {
    const body: CreateNetworkRequestBody = {
      title: values.title,
      description: values.description ?? '',
      urgency: values.urgency,
      // No category means any: the field is left out rather than sent empty.
      ...(values.category === null ? {} : { category: values.category }),
    };
    const sent = await runWithToasts(() => create.mutateAsync(body), i18n, {
      failure: t('networkRequests.toasts.sendFailed'),
      success: ({ recipientCount }) => ({
        title: t('networkRequests.toasts.sent'),
        description: t('networkRequests.toasts.reached', { count: recipientCount }),
      }),
    });
    if (sent) onDone();
  });

  const errorText = (message: string | undefined) => (message ? t(message) : undefined);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <TextField
        label={t('networkRequests.dialog.itemName')}
        placeholder={t('networkRequests.dialog.itemNamePlaceholder')}
        autoComplete="off"
        limit={LIMITS.requestTitleMax}
        error={errorText(errors.title?.message)}
        data-testid="network-request-title"
        {...register('title')}
      />
      <ItemSuggestions text={title ?? ''} onAskForItem={onAskForItem} askBlockedReason={askBlockedReason} />
      <TextareaField
        label={t('networkRequests.dialog.details')}
        rows={3}
        limit={LIMITS.descriptionMax}
        error={errorText(errors.description?.message)}
        data-testid="network-request-description"
        {...register('description')}
      />
      <SelectField
        label={t('networkRequests.dialog.category')}
        error={errorText(errors.category?.message)}
        data-testid="network-request-category"
        {...register('category')}
      >
        <option value="">{t('networkRequests.dialog.anyCategory')}</option>
        {ITEM_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(CATEGORY_LABEL_KEYS[category])}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-1" data-testid="network-request-urgency">
        <legend className="text-sm font-medium text-slate-900">{t('networkRequests.dialog.urgency')}</legend>
        <div className="grid grid-cols-3 gap-2">
          {URGENCIES.map((urgency) => (
            <label
              key={urgency}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                value={urgency}
                className="h-4 w-4"
                data-testid={`network-request-urgency-${urgency}`}
                {...register('urgency')}
              />
              {t(URGENCY_LABEL_KEYS[urgency])}
            </label>
          ))}
        </div>
        {errors.urgency?.message && (
          <p className="text-sm font-medium text-red-700">{errorText(errors.urgency.message)}</p>
        )}
      </fieldset>
      <FormDialogActions
        submitLabel={t('networkRequests.dialog.submit')}
        onCancel={onDone}
        busy={isSubmitting}
        submitTestId="network-request-submit"
        layout="tight"
      />
    </form>
  );
}
