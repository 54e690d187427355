import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { updateContactSchema, type Contact } from '@/contract/schemas/contact';
import { FormDialog, FormDialogActions } from '@/client/components/ui/form-dialog';
import { toast } from '@/client/components/ui/toast-store';
import { getErrorMessage } from '@/client/lib/error-message';
import { useUpdateContact } from '../api/update-contact';
import { contactFieldErrors } from '../server-field-errors';
import { ContactIdentityFields } from './contact-identity-fields';

/** The edit form's fields (spec §2: display name, phone, optional email). */
const editContactFormSchema = updateContactSchema.omit({ userId: true });
type EditContactInput = z.input<typeof editContactFormSchema>;
type EditContactValues = z.output<typeof editContactFormSchema>;

const unlinkedContactFormSchema = editContactFormSchema.refine((values) => values.phone !== null, {
  path: ['phone'],
  message: 'validation.phoneRequiredForInvite',
});

const EDIT_FIELDS = ['name', 'phone', 'email'] as const;

function EditContactForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateContact();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditContactInput, unknown, EditContactValues>({
    // An unlinked contact can only be invited by its number: ask for it here
    // already; the server holds the same rule (docs/decisions/0007, amendment).
    resolver: zodResolver(contact.contactUserId ? editContactFormSchema : unlinkedContactFormSchema),
    defaultValues: { name: contact.name, phone: contact.phone ?? '', email: contact.email ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        id: contact.id,
        changes: { ...values, phone: values.phone ?? '', email: values.email ?? '' },
      });
    } catch (error) {
      const fieldErrors = contactFieldErrors(error, { fields: EDIT_FIELDS, usernameTyped: false });
      fieldErrors.forEach(({ field, messageKey }, index) => {
        if (field !== 'username')
          setError(field, { type: 'server', message: messageKey }, { shouldFocus: index === 0 });
      });
      toast({ variant: 'destructive', title: t('contacts.edit.failed'), description: getErrorMessage(error, i18n) });
      return;
    }
    toast({ title: t('contacts.edit.success') });
    onDone();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <ContactIdentityFields
        register={register}
        errors={errors}
        nameLabel={t('contacts.fields.displayName')}
        phoneHint={t('contacts.fields.phoneHint')}
      />
      <FormDialogActions
        submitLabel={t('contacts.edit.save')}
        onCancel={onDone}
        busy={isSubmitting}
        submitTestId="contact-edit-save"
      />
    </form>
  );
}

interface EditContactDialogProps {
  /** The contact being edited; null keeps the dialog closed. */
  contact: Contact | null;
  onClose: () => void;
}

/** Spec §2 Edit contact dialog. */
export function EditContactDialog({ contact, onClose }: EditContactDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={contact !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('contacts.edit.title')}
      description={contact && t('contacts.edit.description', { name: contact.name })}
      data-testid="edit-contact-dialog"
    >
      {contact && <EditContactForm key={contact.id} contact={contact} onDone={onClose} />}
    </FormDialog>
  );
}
