import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/client/components/ui/switch';
import { runWithToasts } from '@/client/lib/run-with-toasts';
import { useSetAutoAccept, type TrustTarget } from '../api/set-auto-accept';

export interface AutoAcceptSwitchProps {
  target: TrustTarget;
  checked: boolean;
  /** Whose requests: a contact's name, or the group's. */
  name: string;
}

/**
 * The trust shortcut (issue 35, docs/decisions/0047): requests from this
 * contact, or from this group's members, for days nobody holds are accepted
 * without asking. Off by default; every automatic accept posts the usual
 * system message. Saved as it is switched.
 */
export function AutoAcceptSwitch({ target, checked, name }: AutoAcceptSwitchProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const set = useSetAutoAccept();
  const kind = target.kind === 'contact' ? 'contact' : 'group';
  const onChange = (autoAccept: boolean) =>
    runWithToasts(() => set.mutateAsync({ target, autoAccept }), i18n, {
      failure: t('reservations.trust.failed'),
      success: { title: t(autoAccept ? 'reservations.trust.on' : 'reservations.trust.off') },
    });
  return (
    <div className="flex min-w-0 items-start gap-3 text-sm" data-testid={`auto-accept-${kind}`}>
      <Switch
        id={id}
        checked={checked}
        disabled={set.isPending}
        onCheckedChange={(value) => void onChange(value)}
        aria-describedby={`${id}-hint`}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium break-words text-slate-900">
          {t(`reservations.trust.${kind}Label`, { name })}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t('reservations.trust.hint')}
        </p>
      </div>
    </div>
  );
}
