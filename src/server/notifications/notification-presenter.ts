import type { NotificationPreferencesDto, PushDevice } from '../../contract/schemas/notifications';
import type { NotificationPreferences } from './notification-preferences';
import type { PushSubscriptionRow } from './push/save-push-subscription';

export function presentPreferences(preferences: NotificationPreferences): NotificationPreferencesDto {
  return preferences;
}

/** A device as the profile lists it: never the keys. */
export function presentPushDevice(row: PushSubscriptionRow): PushDevice {
  return {
    id: row.id,
    deviceLabel: row.deviceLabel,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    endpoint: row.endpoint,
  };
}
