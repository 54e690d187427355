import { LIMITS } from '@/contract/limits';
import type { Coordinates } from './coordinates';

export type LocationFailure = 'unsupported' | 'denied' | 'unavailable';

/** Why the position could not be had; each reason has its own message (spec §8 Groups). */
export class LocationError extends Error {
  readonly reason: LocationFailure;

  constructor(reason: LocationFailure) {
    super(`Location ${reason}`);
    this.name = 'LocationError';
    this.reason = reason;
  }
}

/** GeolocationPositionError.PERMISSION_DENIED; the constructor is not defined everywhere (jsdom). */
const PERMISSION_DENIED = 1;

/** Spec §9: high accuracy, 10 s timeout, a position up to 5 minutes old is fine. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: LIMITS.geolocationTimeoutMs,
  maximumAge: LIMITS.geolocationMaxAgeMs,
};

/** The device's position; rejects with a LocationError. */
export function getCurrentPosition(): Promise<Coordinates> {
  // The DOM typings say geolocation always exists; older or locked-down browsers lack it.
  const geolocation = 'geolocation' in navigator ? (navigator.geolocation as Geolocation | undefined) : undefined;
  if (!geolocation) return Promise.reject(new LocationError('unsupported'));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) => reject(new LocationError(error.code === PERMISSION_DENIED ? 'denied' : 'unavailable')),
      GEOLOCATION_OPTIONS,
    );
  });
}

export function locationFailureOf(error: unknown): LocationFailure {
  return error instanceof LocationError ? error.reason : 'unavailable';
}
