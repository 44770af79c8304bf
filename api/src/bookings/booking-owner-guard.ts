import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import type { AuthTokens } from '../accounts/auth-tokens';
import { identifyUser } from '../accounts/require-auth';
import { bookingTokenField, cancelSchema } from '../domain/booking/booking-schema';
import { jsonBody, queryOf } from '../http/request-schemas';
import type { OwnershipProof } from './booking-service';

/**
 * The guard of `bookingOwner` operations: the login, when one is sent, names a possible owner.
 * The booking's token travels in the request itself (query or body), so the service checks the
 * proof against the booking it names, and answers anything else with the 404 of an unknown one.
 */
export function bookingOwnerGuard(tokens: AuthTokens): RequestHandler[] {
  return [identifyUser(tokens)];
}

/** The booking token in the query, as the manage link carries it. */
export const manageTokenQuery = queryOf(z.object({ token: bookingTokenField }), {
  token:
    'The booking token (from the booking answer or the manage link); a POST may send it in the ' +
    "body. Not needed with the owner's login.",
});

/** A POST of the owner that carries nothing but the token, which may as well be in the query. */
export const ownerTokenBody = jsonBody(cancelSchema, {
  optional: true,
  description: 'The booking token, when the query does not carry it.',
});

/**
 * Who is asking about a booking: the token the request carries (already parsed from its body or
 * query) and the signed-in user, if the guard found one.
 */
export function ownershipProof(req: Request, token: string | undefined): OwnershipProof {
  return { token, userId: req.user?.id as string | undefined };
}
