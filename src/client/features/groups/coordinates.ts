export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Two decimals, and never "-0.00" for a value that rounds to zero. */
function round2(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return (rounded === 0 ? 0 : rounded).toFixed(2);
}

/**
 * The location text used when reverse geocoding fails (spec §7: "on failure
 * rounded coordinates used"), e.g. "47.38, 8.54". Stored with the group, so
 * it stays in one fixed notation whatever the interface language.
 */
export function formatCoordinates({ latitude, longitude }: Coordinates): string {
  return `${round2(latitude)}, ${round2(longitude)}`;
}
