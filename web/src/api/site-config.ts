import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/**
 * `GET /api/site-config`: the deployment's settings the site shows (the map's tiles, the postal
 * areas served), as the API sent them; each reader checks the part it uses.
 */
export const siteConfigQuery = {
  queryKey: queryKeys.siteConfig(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest<unknown>('/api/site-config', { signal }),
};
