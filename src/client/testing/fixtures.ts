import type { User } from '../../contract/schemas/user';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    username: 'annabel',
    name: 'Annabel Lee',
    phone: '+41791234567',
    email: 'annabel.lee@example.org',
    language: 'en',
    profileImageUrl: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    lastLogin: '2026-03-01T08:00:00.000Z',
    signedInAt: '2026-03-01T08:00:00.000Z',
    lastActive: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}
