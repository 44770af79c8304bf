import { createHash } from 'node:crypto';

/**
 * The seed's randomness: small, fast and reproducible. Every entity draws from a generator seeded
 * by (run seed, kind, index) rather than from one stream, so an account, a booking or a subscriber
 * is the same whichever order the chunks are built in, and a later pass (invoices, reviews) can
 * rebuild an entity's details from its index alone.
 */

export type Random = () => number;

/** mulberry32: 32 bits of state, plenty for data that only has to look varied. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of a short key: turns (seed, kind, index) into a generator's starting state. */
function hashKey(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The generator of one entity: the same (seed, kind, index) always draws the same numbers. */
export function randomFor(seed: number, kind: string, index: number): Random {
  const random = mulberry32(hashKey(`${String(seed)}|${kind}|${String(index)}`));
  // The first draws of neighbouring states are correlated; a few discarded draws decorrelate them.
  random();
  random();
  return random;
}

export function intBelow(random: Random, bound: number): number {
  return Math.floor(random() * bound);
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[intBelow(random, items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** An outcome drawn by weight: `[[value, weight], ...]`, weights need not add up to 1. */
export function weighted<T>(random: Random, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((sum, [, weight]) => sum + weight, 0);
  let draw = random() * total;
  for (const [value, weight] of table) {
    draw -= weight;
    if (draw < 0) return value;
  }
  const last = table[table.length - 1];
  if (!last) throw new Error('weighted draw from an empty table');
  return last[0];
}

/**
 * 32 hex digits derived from the key, as unguessable-looking as the product's random booking ids
 * (128 bits) and the same on every run, so a second pass can name the booking again.
 */
export function hexId(seed: number, kind: string, index: number): string {
  return createHash('sha256')
    .update(`${String(seed)}|${kind}|${String(index)}`)
    .digest('hex')
    .slice(0, 32);
}

/** A Stripe-like id ('pi_test_…'): the provider's ids the records name, derived like hexId. */
export function providerId(prefix: string, seed: number, kind: string, index: number): string {
  return `${prefix}_test_${hexId(seed, kind, index).slice(0, 24)}`;
}
