import type { AuthTokens } from '../accounts/auth-tokens';
import { identifyUser, requireAuth } from '../accounts/require-auth';
import { adminOnly } from '../admin/admin-guard';
import { bookingOwnerGuard } from '../bookings/booking-owner-guard';
import type { Guards } from '../http/endpoint';

/**
 * The guard of each access level, from the feature that owns it, handed to every router: an
 * operation gets the guard of the access it declares, and no other way in.
 */
export function endpointGuards(tokens: AuthTokens): Guards {
  return {
    public: [],
    // The link's token or signature is part of the request, checked by the service it names.
    signedLink: [],
    user: [requireAuth(tokens)],
    optionalUser: [identifyUser(tokens)],
    bookingOwner: bookingOwnerGuard(tokens),
    admin: adminOnly(tokens),
  };
}
