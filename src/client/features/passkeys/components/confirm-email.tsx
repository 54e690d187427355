import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmedEmail } from '@/contract/schemas/passkeys';
import { Button } from '@/client/components/ui/button';
import { assignLocation } from '@/client/lib/full-page-navigation';
import { confirmEmail, registerPasskeyWithTicket } from '../api/account-links';
import { passkeyErrorText } from '../lib/passkey-error-text';
import { redeemLinkOnce } from '../lib/redeem-link-once';
import { AddPasskeyForm } from './add-passkey-form';

type State =
  | { kind: 'confirming' }
  | { kind: 'failed'; message: string }
  | { kind: 'confirmed'; account: ConfirmedEmail }
  | { kind: 'done' };

/** The link's token, read once and taken out of the address bar (and so out of the history). */
export function takeTokenFromAddress(): string {
  const token = window.location.hash.slice(1);
  if (token) window.history.replaceState(null, '', window.location.pathname);
  return token;
}

/**
 * /account/confirm#{token}: the sign-up mail's link (docs/decisions/0051).
 * The address is confirmed as the page opens (the link is spent), then the
 * person names and makes their first passkey, then signs in with it.
 */
export function ConfirmEmail() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'confirming' });
  useEffect(() => {
    let current = true;
    // The link works once; a second mount takes the first one's answer (redeem-link-once.ts).
    redeemLinkOnce('confirm', takeTokenFromAddress(), confirmEmail).then(
      (account) => current && setState({ kind: 'confirmed', account }),
      (error: unknown) => current && setState({ kind: 'failed', message: passkeyErrorText(error, t) }),
    );
    return () => {
      current = false;
    };
  }, [t]);

  if (state.kind === 'confirming') return <p className="mt-6 text-slate-600">{t('passkeys.confirm.confirming')}</p>;
  if (state.kind === 'failed') {
    return (
      <p className="mt-6 rounded-lg bg-slate-100 p-4 text-slate-800" data-testid="confirm-failed">
        {state.message}
      </p>
    );
  }
  if (state.kind === 'done') return <PasskeyReady />;
  const { account } = state;
  return (
    <section className="mt-6 space-y-3 rounded-xl border border-brand-200 bg-white p-4" data-testid="email-confirmed">
      <h2 className="wrap-anywhere text-lg font-semibold text-slate-900">
        {t('passkeys.confirm.confirmed', { name: account.name })}
      </h2>
      <p className="text-slate-800">{t('passkeys.add.firstIntro')}</p>
      <AddPasskeyForm
        register={(name) => registerPasskeyWithTicket(account.ticket, name)}
        onAdded={() => setState({ kind: 'done' })}
      />
    </section>
  );
}

/** The passkey is made: signing in starts the app's sign-in, which offers it. */
export function PasskeyReady() {
  const { t } = useTranslation();
  return (
    <section className="mt-6 space-y-3 rounded-xl border border-brand-200 bg-white p-4" data-testid="passkey-ready">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        {t('passkeys.ready.title')}
      </h2>
      <p className="text-slate-800">{t('passkeys.ready.body')}</p>
      <Button onClick={() => assignLocation('/api/login')} className="w-full" data-testid="passkey-ready-sign-in">
        {t('passkeys.ready.signIn')}
      </Button>
    </section>
  );
}
