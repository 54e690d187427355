import type { LoginHistoryEntry, User } from '../../contract/schemas/user';
import type { UserRow } from '../auth/session-store';
import type { LoginHistoryRow } from './list-login-history';

/**
 * Shapes every user response: internal columns (issuer, subject) never leave
 * the server. `profile_image_url` is written together with the photo row
 * (users/profile-photo.ts), so it names the current photo or is null; a
 * deleted account's stand-in never shows one.
 */
export function presentUser(user: UserRow, session: { signedInAt: Date }): User {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    phone: user.phone,
    email: user.email,
    language: user.language,
    profileImageUrl: user.deletedAt ? null : user.profileImageUrl,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
    lastActive: user.lastActive?.toISOString() ?? null,
    signedInAt: session.signedInAt.toISOString(),
  };
}

export function presentLoginHistoryEntry(row: LoginHistoryRow): LoginHistoryEntry {
  return {
    id: row.id,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    loginAt: row.loginAt.toISOString(),
    loginMethod: row.loginMethod,
  };
}
