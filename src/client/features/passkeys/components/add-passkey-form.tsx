import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import { passkeyNameSchema } from '@/contract/schemas/passkeys';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/form-field';
import { passkeyErrorText } from '../lib/passkey-error-text';

/**
 * Names a new passkey and asks the browser to make it (docs/decisions/0051).
 * `register` does the WebAuthn exchange (with a ticket, or for the signed-in
 * person); a failure is said under the button and the form stays.
 */
export function AddPasskeyForm({
  register,
  onAdded,
  submitLabel,
}: {
  register: (name: string) => Promise<void>;
  onAdded: () => void;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(() => t('passkeys.add.defaultName'));
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = passkeyNameSchema.safeParse(name);
    setNameError(parsed.success ? null : t(parsed.error.issues[0]?.message ?? 'validation.passkeyNameRequired'));
    if (!parsed.success) return;
    setBusy(true);
    setFailure(null);
    try {
      await register(parsed.data);
      onAdded();
    } catch (error) {
      setFailure(passkeyErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      className="space-y-4"
      data-testid="add-passkey-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('passkeys.add.nameLabel')}
        hint={t('passkeys.add.nameHint')}
        limit={LIMITS.passkeyNameMax}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError ?? undefined}
        data-testid="passkey-name"
      />
      {failure && (
        <p role="alert" className="text-sm text-red-700" data-testid="add-passkey-error">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={busy} className="w-full" data-testid="add-passkey-submit">
        <KeyRound aria-hidden="true" className="size-4" />
        {busy ? t('passkeys.add.waiting') : (submitLabel ?? t('passkeys.add.submit'))}
      </Button>
    </form>
  );
}
