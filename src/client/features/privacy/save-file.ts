import { localIsoDate } from '../../lib/local-date';

/** Spec §2 GDPR: "a JSON file named with the product and current date", the reader's own calendar day. */
export function exportFileName(now: Date = new Date()): string {
  return `lendloop-${localIsoDate(now)}.json`;
}

/** Object URLs are revoked after this long: some browsers start reading the blob only after click() returns. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Hands `blob` to the browser's download manager as `fileName`: a temporary
 * <a download> pointing at an object URL, clicked and removed at once.
 */
export function saveFile(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
