import { Compass, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@/contract/limits';
import { Switch } from '@/client/components/ui/switch';
import { useDiscoverGroups } from '../api/discover-groups';
import type { DiscoverLocation } from '../use-discover-location';
import { GroupList, GroupsEmptyState } from './group-list';

const GPS_STATUS_KEYS = {
  off: 'groups.discover.gpsOff',
  locating: 'groups.discover.gpsLocating',
  on: 'groups.discover.gpsOn',
} as const;

function LocationControls({ location }: { location: DiscoverLocation }) {
  const { t } = useTranslation();
  const switchId = useId();
  const sliderId = useId();
  const { gpsState, radiusKm } = location;
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:gap-8">
      <div className="flex-1 space-y-1">
        <div className="flex items-center gap-3">
          <Switch
            id={switchId}
            checked={gpsState !== 'off'}
            disabled={gpsState === 'locating'}
            onCheckedChange={location.setGpsEnabled}
            data-testid="gps-toggle"
            data-gps-state={gpsState}
          />
          <label htmlFor={switchId} className="text-sm font-medium text-slate-900">
            {t('groups.discover.gpsLabel')}
          </label>
          {gpsState === 'locating' && (
            <LoaderCircle className="h-4 w-4 animate-spin text-brand-700" aria-hidden="true" />
          )}
        </div>
        <p className="text-sm text-slate-600" role="status" data-testid="gps-status">
          {t(GPS_STATUS_KEYS[gpsState])}
        </p>
      </div>
      <div className="flex-1 space-y-1">
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={sliderId} className="text-sm font-medium text-slate-900">
            {t('groups.discover.radiusLabel')}
          </label>
          <output htmlFor={sliderId} className="text-sm text-slate-700" data-testid="radius-value">
            {t('groups.discover.radiusValue', { radius: radiusKm })}
          </output>
        </div>
        <input
          id={sliderId}
          type="range"
          min={LIMITS.radiusKmMin}
          max={LIMITS.radiusKmMax}
          step={LIMITS.radiusKmStep}
          value={radiusKm}
          disabled={gpsState !== 'on'}
          onChange={(event) => location.setRadiusKm(Number(event.target.value))}
          aria-valuetext={t('groups.discover.radiusValue', { radius: radiusKm })}
          className="w-full accent-brand-700 disabled:opacity-60"
          data-testid="radius-slider"
        />
        {gpsState !== 'on' && <p className="text-sm text-slate-600">{t('groups.discover.radiusHint')}</p>}
      </div>
    </div>
  );
}

interface DiscoverPanelProps {
  location: DiscoverLocation;
}

/** Spec §2 Discover: public groups, nearest first within the radius while the GPS toggle is on, else the newest. */
export function DiscoverPanel({ location }: DiscoverPanelProps) {
  const { t } = useTranslation();
  const { position, appliedRadiusKm, gpsState } = location;
  // While locating, the newest groups stay; the position replaces them once it is known.
  const discover = useDiscoverGroups({ position, radiusKm: appliedRadiusKm });
  const nearby = position !== null;

  return (
    <div className="space-y-4">
      <LocationControls location={location} />
      <div aria-busy={discover.isFetching || gpsState === 'locating'}>
        <GroupList
          groups={discover.data}
          isError={discover.isError}
          onRetry={() => void discover.refetch()}
          label={t('groups.lists.discover')}
          empty={
            <GroupsEmptyState
              icon={Compass}
              title={
                nearby ? t('groups.empty.nearbyTitle', { radius: appliedRadiusKm }) : t('groups.empty.discoverTitle')
              }
              description={nearby ? t('groups.empty.nearbyDescription') : t('groups.empty.discoverDescription')}
            />
          }
        />
      </div>
    </div>
  );
}
