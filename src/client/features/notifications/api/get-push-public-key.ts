import type { PushPublicKey } from '@/contract/schemas/notifications';
import { apiAnswer } from '@/client/lib/api-client';

/** GET /api/push/public-key: the server's VAPID key, for pushManager.subscribe. Fetched only when subscribing. */
export async function getPushPublicKey(): Promise<string> {
  return (await apiAnswer<PushPublicKey>('GET', '/api/push/public-key')).publicKey;
}
