import { useQuery } from '@tanstack/react-query';
import { fetchCurrentRole } from '../../api/admin-api';
import { queryKeys } from '../../api/query-keys';
import type { TokenRole } from '../../auth/auth-storage';
import { denialOf } from './use-admin-data';

export type AdminAccess = 'checking' | 'open' | 'forbidden' | 'session-ended';

/**
 * Whether to open the console for this token. An admin's token opens it straight away (the API
 * still checks every call). A customer's token may predate a promotion, which the API honours at
 * once, so the API is asked for the current role before the console is downloaded or refused.
 */
export function useAdminAccess(token: string | null, claimed: TokenRole): AdminAccess {
  const mustAsk = token !== null && claimed === 'customer';
  // The token is in the key, so a new sign-in reads as checking again.
  const role = useQuery({
    queryKey: queryKeys.admin.role(token ?? ''),
    queryFn: ({ signal }) => fetchCurrentRole(token ?? '', signal),
    enabled: mustAsk,
  });

  if (!mustAsk) return 'open';
  if (role.status === 'success') return role.data === 'admin' ? 'open' : 'forbidden';
  if (role.status === 'pending' || role.isFetching) return 'checking';
  // Anything but a refusal (the network, say): the console opens, and its own calls tell.
  return denialOf(role.error) ?? 'open';
}
