import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmedEmail } from '@/contract/schemas/passkeys';
import { recoveryRequestSchema } from '@/contract/schemas/passkeys';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/form-field';
import { redeemRecovery, registerPasskeyWithTicket, requestRecovery } from '../api/account-links';
import { passkeyErrorText } from '../lib/passkey-error-text';
import { redeemLinkOnce } from '../lib/redeem-link-once';
import { AddPasskeyForm } from './add-passkey-form';
import { PasskeyReady, takeTokenFromAddress } from './confirm-email';

/**
 * "Lost your passkey?" on the sign-in page (docs/decisions/0051): the
 * account's address; a link is mailed if it has one, and the page says the
 * same either way.
 */
export function RecoveryRequest() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <Button variant="ghost" onClick={() => setOpen(true)} data-testid="recovery-open">
        {t('passkeys.recover.open')}
      </Button>
    );
  }
  if (sent) {
    return (
      <p className="rounded-lg bg-slate-100 p-4 wrap-anywhere text-slate-800" data-testid="recovery-sent">
        {t('passkeys.recover.sent', { email })}
      </p>
    );
  }
  const submit = async () => {
    const parsed = recoveryRequestSchema.safeParse({ email });
    setError(parsed.success ? null : t(parsed.error.issues[0]?.message ?? 'validation.emailInvalid'));
    if (!parsed.success) return;
    setBusy(true);
    try {
      await requestRecovery(parsed.data.email);
      setSent(true);
    } catch (failure) {
      setError(passkeyErrorText(failure, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="recovery-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-slate-700">{t('passkeys.recover.intro')}</p>
      <TextField
        label={t('passkeys.signUp.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error ?? undefined}
        data-testid="recovery-email"
      />
      <Button type="submit" disabled={busy} className="w-full" data-testid="recovery-submit">
        {t('passkeys.recover.submit')}
      </Button>
    </form>
  );
}

type State =
  | { kind: 'opening' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; account: ConfirmedEmail }
  | { kind: 'done' };

/** /account/recover#{token}: the recovery mail's link; then a new passkey, then signing in with it. */
export function RecoverAccount() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'opening' });
  useEffect(() => {
    let current = true;
    // The link works once; a second mount takes the first one's answer (redeem-link-once.ts).
    redeemLinkOnce('recover', takeTokenFromAddress(), redeemRecovery).then(
      (account) => current && setState({ kind: 'ready', account }),
      (error: unknown) => current && setState({ kind: 'failed', message: passkeyErrorText(error, t) }),
    );
    return () => {
      current = false;
    };
  }, [t]);
  if (state.kind === 'opening') return <p className="mt-6 text-slate-600">{t('common.loading')}</p>;
  if (state.kind === 'failed') {
    return (
      <p className="mt-6 rounded-lg bg-slate-100 p-4 text-slate-800" data-testid="recover-failed">
        {state.message}
      </p>
    );
  }
  if (state.kind === 'done') return <PasskeyReady />;
  const { account } = state;
  return (
    <section
      className="mt-6 space-y-3 rounded-xl border border-brand-200 bg-white p-4"
      data-testid="recover-add-passkey"
    >
      <h2 className="wrap-anywhere text-lg font-semibold text-slate-900">
        {t('passkeys.recover.hello', { name: account.name })}
      </h2>
      <p className="text-slate-800">{t('passkeys.recover.addIntro')}</p>
      <AddPasskeyForm
        register={(name) => registerPasskeyWithTicket(account.ticket, name)}
        onAdded={() => setState({ kind: 'done' })}
      />
    </section>
  );
}
