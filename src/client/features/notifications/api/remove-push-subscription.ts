import { apiRequest } from '../../../lib/api-client';
import { PUSH_SUBSCRIPTIONS_URL } from './get-push-devices';

/** DELETE /api/push/subscriptions `{ endpoint }`: this browser stops getting pushes. */
export async function removePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('DELETE', PUSH_SUBSCRIPTIONS_URL, { body: { endpoint } });
}
