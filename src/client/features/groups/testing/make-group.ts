import { vi } from 'vitest';
import type { Group } from '@/contract/schemas/group';

/** The default group's id: a uuid, as the server hands out. */
export const GARDEN_ID = '5d0f3f0e-7a51-4b8e-9b1f-2f3c4d5e6f70';

/** A group as the list endpoints return it: "Garden tools", public, 3 of 50, not the viewer's. */
export function makeGroup(overrides: Partial<Group> = {}): Group {
  return {
    id: GARDEN_ID,
    name: 'Garden tools',
    description: 'Spades, rakes and a lawnmower for the street.',
    location: 'Zurich',
    latitude: 47.3769,
    longitude: 8.5417,
    isPrivate: false,
    maxMembers: 50,
    groupCode: '1234567890',
    admin: { id: 'user-2', name: 'Greta Gardener', username: 'greta' },
    memberCount: 3,
    isUserAdmin: false,
    isUserMember: false,
    hasPendingRequest: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A GeolocationPosition for a stubbed navigator.geolocation. */
export function positionAt(latitude: number, longitude: number): GeolocationPosition {
  const coords = {
    latitude,
    longitude,
    accuracy: 10,
    altitude: null,
    altitudeAccuracy: null,
    heading: null,
    speed: null,
  };
  return { coords: { ...coords, toJSON: () => coords }, timestamp: Date.now(), toJSON: () => ({ coords }) };
}

/** A GeolocationPositionError with the given code (1 permission denied, 2 unavailable, 3 timeout). */
export function positionError(code: number): GeolocationPositionError {
  return { code, message: 'stub', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 };
}

/**
 * jsdom has no navigator.geolocation: installs one whose getCurrentPosition
 * runs `answer`. Call removeGeolocation() after the test.
 */
export function stubGeolocation(answer: Geolocation['getCurrentPosition']) {
  const geolocation = {
    getCurrentPosition: vi.fn(answer),
    watchPosition: vi.fn(() => 0),
    clearWatch: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
  return geolocation;
}

export function removeGeolocation(): void {
  Reflect.deleteProperty(navigator, 'geolocation');
}
