/**
 * Testimonial portraits (320 × 320): friendly, abstract faces, not likenesses of anyone.
 */
import { P } from '../palette';
import { portrait } from '../parts/people';
import type { Canvas } from '../svg';

export function personOne(c: Canvas): string {
  return portrait(c, {
    skin: P.skin[3],
    hair: P.hair[0],
    hairStyle: 'curly',
    shirt: P.coral,
    background: [P.mintPale, P.mint],
    accent: P.warmLight,
    glasses: true,
  });
}

export function personTwo(c: Canvas): string {
  return portrait(c, {
    skin: P.skin[0],
    hair: P.hair[2],
    hairStyle: 'wavy',
    shirt: P.brand,
    background: [P.warmPale, '#f6cf8a'],
    accent: P.coral,
    earrings: P.warm,
  });
}

export function personThree(c: Canvas): string {
  return portrait(c, {
    skin: P.skin[2],
    hair: P.hair[1],
    hairStyle: 'short',
    shirt: P.skyBlue,
    background: ['#e3ddf5', P.lilac],
    accent: P.mint,
    beard: true,
  });
}
