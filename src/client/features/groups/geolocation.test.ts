import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@/contract/limits';
import { getCurrentPosition, LocationError } from './geolocation';
import { positionAt, positionError, removeGeolocation, stubGeolocation } from './testing/make-group';

afterEach(removeGeolocation);

async function failureOf(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  return error instanceof LocationError ? error.reason : 'no LocationError';
}

describe('getCurrentPosition', () => {
  it('asks with high accuracy, the 10 s timeout and 5 minutes maximum age', async () => {
    const geolocation = stubGeolocation((success) => success(positionAt(47.3769, 8.5417)));
    await expect(getCurrentPosition()).resolves.toEqual({ latitude: 47.3769, longitude: 8.5417 });
    expect(geolocation.getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      enableHighAccuracy: true,
      timeout: LIMITS.geolocationTimeoutMs,
      maximumAge: LIMITS.geolocationMaxAgeMs,
    });
  });

  it('tells unsupported, denied and other failures apart', async () => {
    expect(await failureOf(getCurrentPosition())).toBe('unsupported');
    stubGeolocation((_success, failure) => failure?.(positionError(1)));
    expect(await failureOf(getCurrentPosition())).toBe('denied');
    stubGeolocation((_success, failure) => failure?.(positionError(3)));
    expect(await failureOf(getCurrentPosition())).toBe('unavailable');
  });
});
