import { createHash, randomBytes } from 'node:crypto';
import { LOAN_LINK_TOKEN_PATTERN } from '@/contract/schemas/loan-link';

/**
 * A loan link's secret (issue 36, docs/decisions/0049): 256 random bits in
 * base64url, hopeless to guess at any request rate. Unlike a calendar feed's
 * link it is not derived from anything stored, so the server cannot show it
 * again: the owner sends it once, and makes a new one to send it again.
 */
export function newLoanLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256 in hex, found by one indexed lookup. */
export function loanLinkTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export const isLoanLinkToken = (token: string) => LOAN_LINK_TOKEN_PATTERN.test(token);

/** Where the link leads: the client's page for it. Its prefix is kept out of the log (app.ts). */
export const LOAN_LINK_PAGE_PREFIX = '/loan/';
export const LOAN_LINK_API_PREFIX = '/api/loan-links/';
export const loanLinkUrl = (publicUrl: URL, token: string) =>
  new URL(`${LOAN_LINK_PAGE_PREFIX}${token}`, publicUrl).href;
