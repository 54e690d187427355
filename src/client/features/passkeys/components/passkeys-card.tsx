import { KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnPasskey } from '@/contract/schemas/passkeys';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useAddOwnPasskey, useOwnPasskeys, useRemoveOwnPasskey } from '../api/own-passkeys';
import { AddPasskeyForm } from './add-passkey-form';

/**
 * The profile's passkeys (docs/decisions/0051): each by the name its owner
 * gave it, when it was added and last used; another one added (a new phone)
 * or one removed (a lost laptop). The last one stays: without it only a
 * recovery mail would let the person in. Shown only to people who sign in
 * through the built-in provider.
 */
export function PasskeysCard() {
  const { t, i18n } = useTranslation();
  const { formatDate } = useDateFormatters();
  const query = useOwnPasskeys();
  const add = useAddOwnPasskey();
  const remove = useRemoveOwnPasskey();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<OwnPasskey | null>(null);
  if (!query.data?.available) return null;
  const passkeys = query.data.passkeys;
  return (
    <section className="min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="passkeys-card">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <KeyRound className="h-5 w-5" aria-hidden="true" />
        {t('passkeys.profile.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('passkeys.profile.description')}</p>
      <ul className="divide-y divide-slate-100">
        {passkeys.map((passkey) => (
          <li
            key={passkey.id}
            className="flex min-w-0 items-center justify-between gap-3 py-2"
            data-testid="passkey-entry"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium wrap-anywhere text-slate-900">{passkey.name}</p>
              <p className="text-slate-600">
                {passkey.lastUsedAt
                  ? t('passkeys.profile.lastUsed', {
                      date: formatDate(new Date(passkey.lastUsedAt), { dateStyle: 'medium' }),
                    })
                  : t('passkeys.profile.added', {
                      date: formatDate(new Date(passkey.createdAt), { dateStyle: 'medium' }),
                    })}
              </p>
            </div>
            {passkeys.length > 1 && (
              <Button
                variant="ghostDestructive"
                size="iconSm"
                disabled={remove.isPending}
                aria-label={t('passkeys.profile.removeNamed', { name: passkey.name })}
                onClick={() => setRemoving(passkey)}
                data-testid="passkey-remove"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setRemoving(null);
        }}
        title={t('passkeys.profile.removeTitle')}
        description={t('passkeys.profile.confirmRemove', { name: removing?.name ?? '' })}
        confirmLabel={t('passkeys.profile.removeConfirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          const passkey = removing;
          if (!passkey) return;
          void runWithToasts(() => remove.mutateAsync(passkey.id), i18n, {
            failure: t('passkeys.profile.removeFailed'),
            success: { title: t('passkeys.profile.removed', { name: passkey.name }) },
          }).finally(() => setRemoving(null));
        }}
        data-testid="passkey-remove-dialog"
      />
      {passkeys.length === 1 && <p className="text-sm text-slate-600">{t('passkeys.profile.lastOneStays')}</p>}
      {adding ? (
        <AddPasskeyForm
          register={(name) => add.mutateAsync(name)}
          onAdded={() => setAdding(false)}
          submitLabel={t('passkeys.profile.addSubmit')}
        />
      ) : (
        <Button
          variant="secondary"
          onClick={() => setAdding(true)}
          className="w-full sm:w-auto"
          data-testid="passkey-add"
        >
          {t('passkeys.profile.add')}
        </Button>
      )}
    </section>
  );
}
