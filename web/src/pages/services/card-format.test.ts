import { describe, expect, it } from 'vitest';
import { formatExpiry } from './card-format';

describe('the expiry as it is typed', () => {
  it.each([
    ['1229', '12/29'],
    ['12/29', '12/29'],
    ['12 / 29', '12/29'],
    ['122', '12/2'],
    ['12', '12'],
    ['1', '1'],
    ['', ''],
    ['12/295', '12/29'],
    ['ab12cd29', '12/29'],
  ])('reads %j as %j', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });
});
