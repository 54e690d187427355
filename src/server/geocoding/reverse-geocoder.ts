/**
 * Turns a position into a place name for a group's location (spec §7
 * "Reverse geocoding … fills location text"). One interface, two
 * implementations: the embedded offline default and an external service.
 */
export interface ReverseGeocoder {
  /** A short place name such as "Zürich, Switzerland", or null when nothing is near. */
  reverse(position: { latitude: number; longitude: number }, language: string): Promise<string | null>;
}

/** Country names in the reader's language, from the ICU data Node ships with. */
export function countryName(isoCode: string, language: string): string {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region' }).of(isoCode) ?? isoCode;
  } catch {
    return isoCode;
  }
}
