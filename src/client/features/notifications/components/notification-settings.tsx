import { NotificationKindsCard } from './notification-kinds-card';
import { PushDeviceCard } from './push-device-card';

/** The profile's Notifications tab (issue 18): push on this device, then what to hear about by which channel. */
export function NotificationSettings() {
  return (
    <div className="space-y-6" data-testid="notification-settings">
      <PushDeviceCard />
      <NotificationKindsCard />
    </div>
  );
}
