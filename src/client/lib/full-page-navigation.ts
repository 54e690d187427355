/**
 * Leaves the single-page app for a server route (sign-in, sign-out). One
 * place for it, so tests can replace it with vi.mock: jsdom cannot navigate.
 */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
