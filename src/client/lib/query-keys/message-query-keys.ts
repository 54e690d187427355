/**
 * URLs of the message endpoints (spec §7 Messages); each query's key starts
 * with its URL, so live events and mutations can refresh them by prefix.
 */
export const CONVERSATIONS_URL_PREFIX = '/api/conversations';
export const conversationsUrl = (userId: string) => `${CONVERSATIONS_URL_PREFIX}/${encodeURIComponent(userId)}`;
export const threadUrl = (userId: string, partnerId: string) =>
  `${conversationsUrl(userId)}/${encodeURIComponent(partnerId)}`;
export const markReadUrl = (userId: string, partnerId: string) =>
  `/api/messages/read/${encodeURIComponent(userId)}/${encodeURIComponent(partnerId)}`;
export const readerUrl = (userId: string, readerId: string) =>
  `${conversationsUrl(userId)}/readers/${encodeURIComponent(readerId)}`;
export const MESSAGES_URL = '/api/messages';
export const UNREAD_COUNT_URL = '/api/messages/unread-count';
export const NETWORK_REQUESTS_URL = '/api/network-requests';
export const respondToNetworkRequestUrl = (messageId: string) =>
  `${NETWORK_REQUESTS_URL}/${encodeURIComponent(messageId)}/respond`;
