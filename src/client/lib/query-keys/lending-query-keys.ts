/**
 * URLs of the lending-request endpoints; each query's key starts with its
 * URL (the house pattern), so live events and mutations can refresh them.
 */
export const LENDING_REQUESTS_URL = '/api/lending-requests';
export const SENT_REQUESTS_URL = `${LENDING_REQUESTS_URL}/sent`;
export const RECEIVED_REQUESTS_URL = `${LENDING_REQUESTS_URL}/received`;
/** The open requests to extend the user's loans, both ways (under LENDING_REQUESTS_URL, so lending refreshes reach it). */
export const LOAN_EXTENSIONS_URL = `${LENDING_REQUESTS_URL}/extensions`;
export const lendingRequestUrl = (id: string) => `${LENDING_REQUESTS_URL}/${encodeURIComponent(id)}`;
export const loanExtensionUrl = (id: string) => `${lendingRequestUrl(id)}/extension`;
export const returnItemUrl = (itemId: string) => `/api/items/${encodeURIComponent(itemId)}/return`;
