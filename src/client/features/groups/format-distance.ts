/** Kilometres with exactly one decimal in the reader's language: "2.5" (en), "2,5" (de). */
export function formatDistanceKm(km: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(km);
}
