import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret of a single-use link mailed to an address (password reset, email change): 32 random
 * bytes as base64url, 43 characters that are safe in a URL. Only its hash is stored, so a copy
 * of the database opens no account.
 */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
