import { useEffect, useState } from 'react';
import { fetchCurrentRole } from '../../api/admin-api';
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
  // The answer remembers the token it is for, so a new sign-in reads as checking again.
  const [answer, setAnswer] = useState<{ token: string; access: AdminAccess } | null>(null);

  useEffect(() => {
    if (!mustAsk) return;
    const controller = new AbortController();
    fetchCurrentRole(token, controller.signal).then(
      (role) => {
        setAnswer({ token, access: role === 'admin' ? 'open' : 'forbidden' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const denial = denialOf(error);
        // Anything else (the network, say): the console opens, and its own calls tell.
        setAnswer({ token, access: denial ?? 'open' });
      },
    );
    return () => {
      controller.abort();
    };
  }, [mustAsk, token]);

  if (!mustAsk) return 'open';
  return answer?.token === token ? answer.access : 'checking';
}
