import { Bell, BellOff, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast-store';
import { useDateFormatters } from '@/client/i18n/use-date-formatters';
import { PUSH_SUBSCRIPTIONS_URL, usePushDevices } from '../api/get-push-devices';
import { usePushOnThisDevice, type PushState } from '../push-on-this-device';
import { SettingsCard } from './settings-card';

const STATE_KEYS: Record<PushState, string> = {
  checking: 'notificationSettings.push.state.checking',
  unsupported: 'notificationSettings.push.state.unsupported',
  blocked: 'notificationSettings.push.state.blocked',
  on: 'notificationSettings.push.state.on',
  off: 'notificationSettings.push.state.off',
};

/** "Push on this device": what this browser can do, the switch, and the person's devices that get pushes. */
export function PushDeviceCard() {
  const { t } = useTranslation();
  const { formatDate } = useDateFormatters();
  const queryClient = useQueryClient();
  const push = usePushOnThisDevice();
  const devices = usePushDevices();

  const change = async (action: 'enable' | 'disable') => {
    try {
      await push[action]();
      toast({
        title: t(action === 'enable' ? 'notificationSettings.push.enabled' : 'notificationSettings.push.disabled'),
      });
    } catch {
      toast({ variant: 'destructive', title: t('notificationSettings.push.failed') });
    } finally {
      await queryClient.invalidateQueries({ queryKey: [PUSH_SUBSCRIPTIONS_URL] });
    }
  };

  const StateIcon = push.state === 'on' ? Bell : BellOff;
  return (
    <SettingsCard
      title={t('notificationSettings.push.title')}
      description={t('notificationSettings.push.description')}
      data-testid="push-device-card"
    >
      <div className="flex flex-wrap items-center gap-3">
        <p
          className="flex min-w-0 flex-1 basis-56 items-start gap-2 text-sm text-slate-800"
          role="status"
          data-testid="push-state"
          data-state={push.state}
        >
          <StateIcon className="mt-0.5 h-4 w-4 shrink-0 text-slate-600" aria-hidden="true" />
          {t(STATE_KEYS[push.state])}
        </p>
        {push.state === 'off' && (
          <Button onClick={() => void change('enable')} disabled={push.busy} data-testid="push-enable">
            <Bell className="h-4 w-4" aria-hidden="true" />
            {t('notificationSettings.push.enable')}
          </Button>
        )}
        {push.state === 'on' && (
          <Button
            variant="secondary"
            onClick={() => void change('disable')}
            disabled={push.busy}
            data-testid="push-disable"
          >
            <BellOff className="h-4 w-4" aria-hidden="true" />
            {t('notificationSettings.push.disable')}
          </Button>
        )}
      </div>
      {devices.data && devices.data.length > 0 && (
        <div className="mt-4 border-t border-slate-100 pt-3">
          <h3 className="text-sm font-medium text-slate-900">{t('notificationSettings.push.devices')}</h3>
          <ul className="mt-2 space-y-2" data-testid="push-devices">
            {devices.data.map((device) => (
              <li key={device.id} className="flex items-center gap-2 text-sm text-slate-700" data-testid="push-device">
                <Smartphone className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span className="min-w-0 break-words">
                  {device.deviceLabel ?? t('notificationSettings.push.unknownDevice')}
                  {device.endpoint === push.endpoint && (
                    <span className="ms-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">
                      {t('notificationSettings.push.thisDevice')}
                    </span>
                  )}
                </span>
                <span className="ms-auto shrink-0 text-slate-600">
                  {t('notificationSettings.push.since', { date: formatDate(device.createdAt) })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </SettingsCard>
  );
}
