import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferencesDto } from '../../../../contract/schemas/notifications';
import { apiAnswer } from '../../../lib/api-client';

export const NOTIFICATION_PREFERENCES_URL = '/api/notifications/preferences';

/** GET /api/notifications/preferences: per kind, push and email on or off. */
export async function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferencesDto> {
  return apiAnswer<NotificationPreferencesDto>('GET', NOTIFICATION_PREFERENCES_URL, { signal });
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: [NOTIFICATION_PREFERENCES_URL],
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}
