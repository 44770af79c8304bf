import type { RequestHandler } from 'express';
import type { AuthTokens } from '../accounts/auth-tokens';
import { requireAdmin, requireAuth } from '../accounts/require-auth';
import { noStore } from '../http/no-store';

/**
 * In front of every operators' route: a signed-in admin (401 for a visitor, 403 for a customer),
 * and nothing of the answer kept by a cache, which would show customers' details to the next user.
 */
export function adminOnly(tokens: AuthTokens): RequestHandler[] {
  return [noStore, requireAuth(tokens), requireAdmin];
}
