import type { ConfirmedEmail } from '@/contract/schemas/passkeys';

/**
 * A mailed link's token is read once from the address (and taken out of it),
 * and spent by the server once. The page may mount twice for one opening:
 * React's strict effects, and the switch from the signed-out to the
 * signed-in routes when the session check answers (app/router.tsx). The
 * second mount finds no token in the address, so it takes the first one's
 * answer here instead of losing the ticket it carried.
 */
let last: { page: string; answer: Promise<ConfirmedEmail> } | undefined;

export function redeemLinkOnce(
  page: 'confirm' | 'recover',
  token: string,
  redeem: (token: string) => Promise<ConfirmedEmail>,
): Promise<ConfirmedEmail> {
  if (token) {
    last = { page, answer: redeem(token) };
    return last.answer;
  }
  // No token in the address: the page's first mount took it, or the link was opened without one (the server says so).
  if (last?.page === page) return last.answer;
  return redeem(token);
}
