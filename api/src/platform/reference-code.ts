import { randomInt } from 'node:crypto';

/** No 0/O or 1/I: a reference is read out on the phone. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * 'HS-7K3F9Q': short enough to quote, random enough (32^6) that a clash is a rare retry against
 * the unique index that guards it.
 */
export function referenceCode(prefix: string): string {
  let code = '';
  for (let index = 0; index < 6; index += 1) code += ALPHABET.charAt(randomInt(ALPHABET.length));
  return `${prefix}-${code}`;
}
