import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferencesDto, NotificationSettingsDto } from '@/contract/schemas/notifications';
import { apiAnswer } from '@/client/lib/api-client';
import { NOTIFICATION_PREFERENCES_URL } from './get-notification-preferences';

/** PUT /api/notifications/preferences: the whole set, as the profile shows it. */
export async function updateNotificationPreferences(
  preferences: NotificationPreferencesDto,
): Promise<NotificationSettingsDto> {
  return apiAnswer<NotificationSettingsDto>('PUT', NOTIFICATION_PREFERENCES_URL, { body: preferences });
}

/** Shows the change at once; a failure puts the saved set back. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = [NOTIFICATION_PREFERENCES_URL];
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationSettingsDto>(key);
      // The server's part (emailAvailable) stays as it was; the switches change at once.
      if (previous) queryClient.setQueryData<NotificationSettingsDto>(key, { ...previous, ...next });
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
