import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  contactFormSchema,
  type Contact,
  type ContactFormInput,
  type ContactFormValues,
} from '@/contract/schemas/contact';
import { FormDialogActions } from '@/client/components/ui/form-dialog';
import { TextField } from '@/client/components/ui/form-field';
import { toast } from '@/client/components/ui/toast-store';
import { getErrorMessage } from '@/client/lib/error-message';
import { useCreateContact } from '../api/create-contact';
import { contactFieldErrors } from '../server-field-errors';
import { ContactIdentityFields } from './contact-identity-fields';

const ADD_FIELDS = ['name', 'phone', 'email', 'username'] as const;

interface AddContactFormProps {
  onCreated: (contact: Contact) => void;
  /** Closes the dialog without adding anyone. */
  onCancel: () => void;
}

/**
 * Spec §2 "Add new": name, phone (with country code), optional email and
 * username. The phone may stay empty when a username or email is given; the
 * server asks for it when that person turns out not to be registered. A server refusal shows at its field when it names one, else as
 * a 'failed to add contact' toast with the reason.
 */
export function AddContactForm({ onCreated, onCancel }: AddContactFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateContact();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { name: '', phone: '', email: '', username: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    let contact: Contact;
    try {
      contact = await create.mutateAsync({
        ...values,
        phone: values.phone ?? '',
        email: values.email ?? '',
        username: values.username ?? '',
      });
    } catch (error) {
      const fieldErrors = contactFieldErrors(error, { fields: ADD_FIELDS, usernameTyped: values.username !== null });
      if (fieldErrors.length === 0) {
        toast({ variant: 'destructive', title: t('contacts.add.failed'), description: getErrorMessage(error, i18n) });
        return;
      }
      fieldErrors.forEach(({ field, messageKey }, index) => {
        setError(field, { type: 'server', message: messageKey }, { shouldFocus: index === 0 });
      });
      return;
    }
    onCreated(contact);
  });

  const errorText = (message: string | undefined) => (message ? t(message) : undefined);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" data-testid="add-contact-form">
      <ContactIdentityFields
        register={register}
        errors={errors}
        nameLabel={t('contacts.fields.name')}
        phoneHint={t('contacts.fields.phoneHintAdd')}
      />
      <TextField
        label={t('contacts.fields.username')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={t('contacts.fields.usernameHint')}
        error={errorText(errors.username?.message)}
        {...register('username')}
      />
      <FormDialogActions
        submitLabel={t('contacts.add.submit')}
        onCancel={onCancel}
        busy={isSubmitting}
        submitTestId="add-contact-submit"
        cancelTestId="add-contact-cancel"
      />
    </form>
  );
}
