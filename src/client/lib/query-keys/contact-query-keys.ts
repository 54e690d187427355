/**
 * URL of the contacts list, the key of its query (the house pattern). Here
 * rather than in features/contacts because answering a network request adds
 * a contact too (features/network-requests refreshes the list).
 */
export const CONTACTS_URL = '/api/contacts';
