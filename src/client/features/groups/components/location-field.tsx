import { useQueryClient } from '@tanstack/react-query';
import { LocateFixed, X } from 'lucide-react';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/form-field';
import { reverseGeocodeQueryOptions } from '../api/reverse-geocode';
import { formatCoordinates, type Coordinates } from '../coordinates';
import { getCurrentPosition } from '../geolocation';
import { toastLocationError } from '../location-errors';

/** The place name for a position, or its rounded coordinates when the geocoder fails (spec §7). */
async function placeName(position: Coordinates, lookUp: () => Promise<string>): Promise<string> {
  try {
    const name = (await lookUp()).trim();
    return (name || formatCoordinates(position)).slice(0, LIMITS.locationMax);
  } catch {
    return formatCoordinates(position);
  }
}

interface LocationFieldProps {
  registration: UseFormRegisterReturn;
  error?: string;
  /** Whether the form holds coordinates (sent with the group for discovery). */
  hasPosition: boolean;
  onFound: (found: { location: string; position: Coordinates }) => void;
  onClearPosition: () => void;
}

/** The create form's location text with "Use my location": the device's position, named by the reverse geocoder. */
export function LocationField({ registration, error, hasPosition, onFound, onClearPosition }: LocationFieldProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [locating, setLocating] = useState(false);
  const language = i18n.resolvedLanguage ?? i18n.language;

  const locate = async () => {
    setLocating(true);
    try {
      const position = await getCurrentPosition();
      const location = await placeName(position, () =>
        queryClient.fetchQuery(reverseGeocodeQueryOptions(position, language)),
      );
      onFound({ location, position });
    } catch (failure) {
      toastLocationError(failure, i18n);
    } finally {
      setLocating(false);
    }
  };

  return (
    <div className="space-y-2">
      <TextField
        label={t('groups.create.location')}
        autoComplete="off"
        limit={LIMITS.locationMax}
        error={error}
        hint={hasPosition ? t('groups.create.positionSaved') : undefined}
        {...registration}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void locate()}
          disabled={locating}
          aria-busy={locating}
          data-testid="use-my-location"
        >
          <LocateFixed className="h-4 w-4" aria-hidden="true" />
          {t(locating ? 'groups.create.locating' : 'groups.create.useMyLocation')}
        </Button>
        {hasPosition && (
          <Button variant="ghost" size="sm" onClick={onClearPosition} data-testid="clear-position">
            <X className="h-4 w-4" aria-hidden="true" />
            {t('groups.create.removePosition')}
          </Button>
        )}
      </div>
    </div>
  );
}
