import type { i18n as I18n } from 'i18next';
import { toast } from '../../components/ui/toast-store';
import { locationFailureOf, type LocationFailure } from './geolocation';

const LOCATION_ERROR_KEYS: Record<LocationFailure, { title: string; description: string }> = {
  unsupported: { title: 'groups.location.unsupportedTitle', description: 'groups.location.unsupportedDescription' },
  denied: { title: 'groups.location.deniedTitle', description: 'groups.location.deniedDescription' },
  unavailable: { title: 'groups.location.unavailableTitle', description: 'groups.location.unavailableDescription' },
};

/** Spec §8 Groups: 'Location not supported', 'Location access denied', else a generic failure, as a destructive toast. */
export function toastLocationError(error: unknown, { t }: Pick<I18n, 't'>): void {
  const keys = LOCATION_ERROR_KEYS[locationFailureOf(error)];
  toast({ variant: 'destructive', title: t(keys.title), description: t(keys.description) });
}
