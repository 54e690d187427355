/** A point on the map, in degrees. */
export interface Position {
  latitude: number;
  longitude: number;
}

/** The Earth's mean radius in km: the sphere both the haversine (group-query.ts) and the box below assume. */
export const EARTH_RADIUS_KM = 6371;

/**
 * Every coordinate within some distance of a point lies in this box
 * (inclusive bounds, degrees). Discover tests the box before the distance:
 * two range conditions on the columns, which an index on latitude and
 * longitude can answer, rule out far groups without computing their
 * haversine.
 */
export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/**
 * Slack on every bound, in degrees (about 0.1 m): the box and the haversine
 * round differently, and a group right on the circle that the distance
 * keeps must not fall just outside the box.
 */
const SLACK_DEGREES = 1e-6;

const degrees = (radians: number) => (radians * 180) / Math.PI;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The box around the circle of `radiusKm` about `center`, on the same sphere
 * as the haversine (J. Matuschek, "Finding Points Within a Distance of a
 * Latitude/Longitude Using Bounding Coordinates"):
 *
 * - latitude: the angular radius either way, cut at the poles;
 * - longitude: ± asin(sin r / cos φ), the meridians the circle touches.
 *   When the circle reaches a pole it spans every meridian, and when the
 *   range would cross the antimeridian (±180°) one BETWEEN cannot hold it
 *   (it is two ranges): both fall back to no longitude bound, the whole
 *   −180…180 that the table's check allows. The haversine still decides.
 */
export function boundingBox(center: Position, radiusKm: number): BoundingBox {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const latitudeSpan = degrees(angular) + SLACK_DEGREES;
  const minLatitude = center.latitude - latitudeSpan;
  const maxLatitude = center.latitude + latitudeSpan;
  const everyLongitude = { minLongitude: -180, maxLongitude: 180 };
  if (minLatitude <= -90 || maxLatitude >= 90) {
    return { minLatitude: Math.max(minLatitude, -90), maxLatitude: Math.min(maxLatitude, 90), ...everyLongitude };
  }
  const ratio = Math.sin(angular) / Math.cos(radians(center.latitude));
  // Below a pole's reach the ratio is under 1; rounding must not make asin NaN.
  if (ratio >= 1) return { minLatitude, maxLatitude, ...everyLongitude };
  const longitudeSpan = degrees(Math.asin(ratio)) + SLACK_DEGREES;
  const minLongitude = center.longitude - longitudeSpan;
  const maxLongitude = center.longitude + longitudeSpan;
  if (minLongitude < -180 || maxLongitude > 180) return { minLatitude, maxLatitude, ...everyLongitude };
  return { minLatitude, maxLatitude, minLongitude, maxLongitude };
}
