/** The path of the unsubscribe page and of its one-click POST (unsubscribe-routes.ts). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** The absolute link a mail carries: PUBLIC_URL + /unsubscribe?token=… */
export function unsubscribeUrl(publicUrl: URL, token: string): string {
  const url = new URL(UNSUBSCRIBE_PATH, publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}
