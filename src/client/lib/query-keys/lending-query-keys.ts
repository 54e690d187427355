/**
 * URLs of the lending-request endpoints; each query's key starts with its
 * URL (the house pattern), so live events and mutations can refresh them.
 */
export const LENDING_REQUESTS_URL = '/api/lending-requests';
export const SENT_REQUESTS_URL = `${LENDING_REQUESTS_URL}/sent`;
export const RECEIVED_REQUESTS_URL = `${LENDING_REQUESTS_URL}/received`;
export const lendingRequestUrl = (id: string) => `${LENDING_REQUESTS_URL}/${encodeURIComponent(id)}`;
export const returnItemUrl = (itemId: string) => `/api/items/${encodeURIComponent(itemId)}/return`;
