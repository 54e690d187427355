import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import type { Coordinates } from './coordinates';
import { getCurrentPosition } from './geolocation';
import { toastLocationError } from './location-errors';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export type GpsState = 'off' | 'locating' | 'on';

export interface DiscoverLocation {
  gpsState: GpsState;
  /** Set only while the GPS toggle is on. */
  position: Coordinates | null;
  setGpsEnabled: (enabled: boolean) => void;
  /** The slider's value, as shown. */
  radiusKm: number;
  setRadiusKm: (km: number) => void;
  /** The radius the query uses: the slider's value once it rested for 300 ms. */
  appliedRadiusKm: number;
}

/**
 * Spec §4 GPS discovery: off, locating, on; turning it off clears the
 * position. Kept by the page, so switching tabs keeps the choice.
 */
export function useDiscoverLocation(): DiscoverLocation {
  const { i18n } = useTranslation();
  const [gpsState, setGpsState] = useState<GpsState>('off');
  const [position, setPosition] = useState<Coordinates | null>(null);
  const [radiusKm, setRadiusKm] = useState<number>(LIMITS.radiusKmDefault);
  const appliedRadiusKm = useDebouncedValue(radiusKm, LIMITS.radiusDebounceMs);
  // A position that arrives after the toggle was turned off (or on again) is dropped.
  const attempt = useRef(0);

  const locate = async () => {
    const current = ++attempt.current;
    setGpsState('locating');
    try {
      const found = await getCurrentPosition();
      if (current !== attempt.current) return;
      setPosition(found);
      setGpsState('on');
    } catch (error) {
      if (current !== attempt.current) return;
      setGpsState('off');
      toastLocationError(error, i18n);
    }
  };

  const setGpsEnabled = (enabled: boolean) => {
    if (enabled) {
      void locate();
      return;
    }
    attempt.current += 1;
    setPosition(null);
    setGpsState('off');
  };

  return { gpsState, position, setGpsEnabled, radiusKm, setRadiusKm, appliedRadiusKm };
}
