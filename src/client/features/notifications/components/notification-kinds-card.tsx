import { MailX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@/contract/enums';
import { Switch } from '@/client/components/ui/switch';
import { toast } from '@/client/components/ui/toast-store';
import { useFailureToast } from '@/client/lib/use-failure-toast';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { SettingsCard } from './settings-card';

const KIND_LABEL_KEYS: Record<NotificationKind, { label: string; hint: string }> = {
  borrow_request: {
    label: 'notificationSettings.kinds.borrow_request.label',
    hint: 'notificationSettings.kinds.borrow_request.hint',
  },
  request_answered: {
    label: 'notificationSettings.kinds.request_answered.label',
    hint: 'notificationSettings.kinds.request_answered.hint',
  },
  handover: { label: 'notificationSettings.kinds.handover.label', hint: 'notificationSettings.kinds.handover.hint' },
  message: { label: 'notificationSettings.kinds.message.label', hint: 'notificationSettings.kinds.message.hint' },
  network_request: {
    label: 'notificationSettings.kinds.network_request.label',
    hint: 'notificationSettings.kinds.network_request.hint',
  },
  join_request: {
    label: 'notificationSettings.kinds.join_request.label',
    hint: 'notificationSettings.kinds.join_request.hint',
  },
  reminder: { label: 'notificationSettings.kinds.reminder.label', hint: 'notificationSettings.kinds.reminder.hint' },
};

const CHANNEL_KEYS: Record<NotificationChannel, string> = {
  push: 'notificationSettings.kinds.push',
  email: 'notificationSettings.kinds.email',
};

/**
 * Per kind of event, a push switch and an email switch; each change is saved
 * at once. On a server without outgoing mail the email switches show off and
 * cannot be turned on (the saved choice is kept for when email is set up).
 */
export function NotificationKindsCard() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  useFailureToast(preferences, t('notificationSettings.kinds.loadFailed'));

  const toggle = (kind: NotificationKind, channel: NotificationChannel, on: boolean) => {
    if (!preferences.data) return;
    const { emailAvailable: _serverSide, ...current } = preferences.data;
    update.mutate(
      { ...current, [kind]: { ...current[kind], [channel]: on } },
      {
        onSuccess: () => toast({ title: t('notificationSettings.kinds.saved') }),
        onError: () => toast({ variant: 'destructive', title: t('notificationSettings.kinds.saveFailed') }),
      },
    );
  };

  return (
    <SettingsCard
      title={t('notificationSettings.kinds.title')}
      description={t('notificationSettings.kinds.description')}
      data-testid="notification-kinds-card"
    >
      {!preferences.data ? (
        preferences.isPending && (
          <p role="status" className="text-sm text-slate-600">
            {t('common.loading')}
          </p>
        )
      ) : (
        <>
          {!preferences.data.emailAvailable && (
            <p
              className="flex items-start gap-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700"
              id="email-unavailable-note"
              data-testid="email-unavailable"
            >
              <MailX className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span>{t('notificationSettings.kinds.emailUnavailable')}</span>
            </p>
          )}
          <div
            className="flex justify-end gap-2 border-b border-slate-100 pb-2 text-xs font-medium text-slate-600"
            aria-hidden="true"
          >
            {NOTIFICATION_CHANNELS.map((channel) => (
              <span key={channel} className="w-14 text-center">
                {t(CHANNEL_KEYS[channel])}
              </span>
            ))}
          </div>
          <ul className="divide-y divide-slate-100">
            {NOTIFICATION_KINDS.map((kind) => (
              <li key={kind} className="flex items-center gap-2 py-3" data-testid={`preference-${kind}`}>
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-slate-900">{t(KIND_LABEL_KEYS[kind].label)}</p>
                  <p className="text-sm text-slate-600">{t(KIND_LABEL_KEYS[kind].hint)}</p>
                </div>
                {NOTIFICATION_CHANNELS.map((channel) => {
                  const unavailable = channel === 'email' && !preferences.data.emailAvailable;
                  return (
                    <span key={channel} className="flex w-14 justify-center">
                      <Switch
                        checked={!unavailable && preferences.data[kind][channel]}
                        disabled={unavailable}
                        aria-describedby={unavailable ? 'email-unavailable-note' : undefined}
                        onCheckedChange={(on) => toggle(kind, channel, on)}
                        aria-label={t('notificationSettings.kinds.switchLabel', {
                          channel: t(CHANNEL_KEYS[channel]),
                          kind: t(KIND_LABEL_KEYS[kind].label),
                        })}
                        data-testid={`preference-${kind}-${channel}`}
                      />
                    </span>
                  );
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </SettingsCard>
  );
}
