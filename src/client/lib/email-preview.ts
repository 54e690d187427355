import { LIMITS } from '../../contract/limits';

/** Shortens an email for the user menu to LIMITS.emailPreviewChars characters plus an ellipsis (spec §2). */
export function getEmailPreview(email: string | null | undefined, maxChars: number = LIMITS.emailPreviewChars): string {
  if (!email) return '';
  const chars = Array.from(email);
  return chars.length > maxChars ? `${chars.slice(0, maxChars).join('')}…` : email;
}

/** Display name for menus: the name, or the username when the name is blank. */
export function getDisplayName(name: string | null | undefined, username: string): string {
  return name?.trim() || username;
}
