import { GROUPS_URL_PREFIX } from './get-group';

/**
 * URLs of the groups-list endpoints. Each query's key starts with its URL (the
 * house pattern), all under GROUPS_URL_PREFIX, so `invalidateGroupQueries`
 * (get-group.ts) reaches every list, search and code lookup too.
 */
export const GROUPS_URL = GROUPS_URL_PREFIX;
export const DISCOVER_GROUPS_URL = `${GROUPS_URL}/discover`;
export const SEARCH_GROUPS_URL = `${GROUPS_URL}/search`;
export const REVERSE_GEOCODE_URL = '/api/geocode/reverse';

/** GET: the groups the (signed-in) user is a member of. */
export const userGroupsUrl = (userId: string) => `${GROUPS_URL}/user/${encodeURIComponent(userId)}`;

/** GET: one group by its 10-digit code, public or private. */
export const groupByCodeUrl = (code: string) => `${GROUPS_URL}/code/${encodeURIComponent(code)}`;
