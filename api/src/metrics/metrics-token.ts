import { createHash, timingSafeEqual } from 'node:crypto';

export type MetricsTokenCheck = 'missing' | 'wrong' | 'valid';

const BEARER = /^Bearer\s+(\S+)$/i;

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries the metrics token. Both sides are hashed before the
 * constant-time comparison, so neither the content nor the length of the token leaks through
 * the time a refusal takes.
 */
export function checkMetricsToken(
  authorization: string | undefined,
  expected: string,
): MetricsTokenCheck {
  const presented = BEARER.exec(authorization ?? '')?.[1];
  if (!presented) return 'missing';
  return timingSafeEqual(digest(presented), digest(expected)) ? 'valid' : 'wrong';
}
