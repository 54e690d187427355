import type { PushDevice, PushSubscriptionInput } from '@/contract/schemas/notifications';
import { apiAnswer } from '@/client/lib/api-client';
import { PUSH_SUBSCRIPTIONS_URL } from './get-push-devices';

/** POST /api/push/subscriptions: this browser's subscription (PushSubscription.toJSON()). */
export async function savePushSubscription(subscription: PushSubscriptionInput): Promise<PushDevice> {
  const body: PushSubscriptionInput = { endpoint: subscription.endpoint, keys: subscription.keys };
  return apiAnswer<PushDevice>('POST', PUSH_SUBSCRIPTIONS_URL, { body });
}
