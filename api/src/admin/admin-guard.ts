import type { RequestHandler } from 'express';
import type { AuthTokens } from '../accounts/auth-tokens';
import { requireAdmin, requireAuth } from '../accounts/require-auth';

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * In front of every operators' route: a signed-in admin (401 for a visitor, 403 for a customer),
 * and nothing of the answer kept by a cache, which would show customers' details to the next user.
 */
export function adminOnly(tokens: AuthTokens): RequestHandler[] {
  return [noStore, requireAuth(tokens), requireAdmin];
}
