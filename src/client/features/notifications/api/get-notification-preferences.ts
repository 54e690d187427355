import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettingsDto } from '@/contract/schemas/notifications';
import { apiAnswer } from '@/client/lib/api-client';

export const NOTIFICATION_PREFERENCES_URL = '/api/notifications/preferences';

/** GET /api/notifications/preferences: per kind, push and email on or off; and whether this server sends email. */
export async function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationSettingsDto> {
  return apiAnswer<NotificationSettingsDto>('GET', NOTIFICATION_PREFERENCES_URL, { signal });
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: [NOTIFICATION_PREFERENCES_URL],
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
