import type { BorrowerLoan } from '@/contract/schemas/loan-link';
import type { loanLinks } from '../../db/schema';

type LinkRow = typeof loanLinks.$inferSelect;

/** The link holder's "ask for more time", as both sides see it. */
export function presentLinkExtension(link: LinkRow): BorrowerLoan['extension'] {
  if (!link.extensionUntil || !link.extensionAskedAt) return null;
  return {
    until: link.extensionUntil,
    note: link.extensionNote,
    askedAt: link.extensionAskedAt.toISOString(),
    answer: link.extensionAnswer,
  };
}

/** "Maria" of "Maria Rossi": the link shows no more of the owner than that. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** The URL a link holder reads one of the loan's photos at: under the link, so only the link opens it. */
export const linkPhotoUrl = (token: string, photoId: string) =>
  `/api/loan-links/${encodeURIComponent(token)}/photos/${photoId}`;
