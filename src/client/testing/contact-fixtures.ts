import type { Contact } from '../../contract/schemas/contact';

/** The default contact's id: a uuid, as the server hands out. */
export const BOB_ID = '0b7c2b3e-65a1-4d0c-9a4a-6f8e8f6c1d11';

/** A contact as GET/POST /api/contacts return it: Bob, pending (not registered), no email. */
export function makeContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: BOB_ID,
    userId: 'user-1',
    contactUserId: null,
    name: 'Bob',
    phone: '+41791234567',
    email: null,
    status: 'pending',
    username: null,
    notes: null,
    user: null,
    invitationMethod: null,
    invitedAt: null,
    autoAccept: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
