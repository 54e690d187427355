import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferencesDto } from '../../../../contract/schemas/notifications';
import { apiAnswer } from '../../../lib/api-client';
import { NOTIFICATION_PREFERENCES_URL } from './get-notification-preferences';

/** PUT /api/notifications/preferences: the whole set, as the profile shows it. */
export async function updateNotificationPreferences(
  preferences: NotificationPreferencesDto,
): Promise<NotificationPreferencesDto> {
  return apiAnswer<NotificationPreferencesDto>('PUT', NOTIFICATION_PREFERENCES_URL, { body: preferences });
}

/** Shows the change at once; a failure puts the saved set back. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = [NOTIFICATION_PREFERENCES_URL];
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationPreferencesDto>(key);
      queryClient.setQueryData(key, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
