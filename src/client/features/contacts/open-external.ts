/**
 * Hands a link to another app: WhatsApp in a new tab, mail through the mail
 * handler (a new tab would stay blank). One place for it, so tests can
 * replace it with vi.mock: jsdom cannot open windows or navigate.
 */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

export function openMailApp(url: string): void {
  window.location.assign(url);
}
