import type { Urgency } from '../../contract/enums';

export const URGENCY_LABEL_KEYS = {
  low: 'networkRequests.urgency.low',
  normal: 'networkRequests.urgency.normal',
  high: 'networkRequests.urgency.high',
} as const satisfies Record<Urgency, string>;
