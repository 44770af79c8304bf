/**
 * Where we send crews: Canadian postal codes and the forward sortation areas (FSAs, a postal
 * code's first three characters) the business serves. Shared by the API (the booking form, the
 * configuration) and the site (the check before sending). Browser-safe: no imports at all.
 */

// Canada Post never uses D, F, I, O, Q or U, and never starts a code with W or Z.
const FIRST_LETTER = '[ABCEGHJ-NPRSTVXY]';
const OTHER_LETTER = '[ABCEGHJ-NPRSTV-Z]';

/**
 * A1A 1A1 as people type it: any letter case, the two halves joined by spaces, one hyphen or
 * nothing. Anything else (a US ZIP code, a letter Canada Post never uses) is not a postal code.
 */
const POSTAL_CODE = new RegExp(
  `^(${FIRST_LETTER}\\d${OTHER_LETTER})(?: +|-)?(\\d${OTHER_LETTER}\\d)$`,
);

/**
 * A postal code inside a longer text ('100 Queen St W, Toronto, ON M5H 2N2'): not glued to other
 * letters or digits, so a word or a number around it is never read as part of one.
 */
const POSTAL_CODE_IN_TEXT = new RegExp(
  `(?<![A-Z0-9])(${FIRST_LETTER}\\d${OTHER_LETTER})(?: +|-)?(\\d${OTHER_LETTER}\\d)(?![A-Z0-9])`,
);

/** One entry of a service area: a whole FSA ('M4W') or a prefix of one ('M', 'M4'). */
const AREA_PREFIX = new RegExp(`^${FIRST_LETTER}(?:\\d${OTHER_LETTER}?)?$`);

/** Toronto: every FSA that starts with M. */
export const DEFAULT_SERVICE_AREAS: readonly string[] = ['M'];

/** The postal code as Canada Post writes it ('M4W 1P8'), or null when it is not one. */
export function normalisePostalCode(input: string): string | null {
  const match = POSTAL_CODE.exec(input.trim().toUpperCase());
  if (!match?.[1] || !match[2]) return null;
  return `${match[1]} ${match[2]}`;
}

/**
 * The first postal code written anywhere in `text` (an address, any case, with or without the
 * space), as Canada Post writes it, or null when it holds none. The original booking form had no
 * postal code field: its address is where the code is.
 */
export function postalCodeIn(text: string): string | null {
  const match = POSTAL_CODE_IN_TEXT.exec(text.toUpperCase());
  if (!match?.[1] || !match[2]) return null;
  return `${match[1]} ${match[2]}`;
}

/** The forward sortation area of a postal code already normalised: 'M4W' of 'M4W 1P8'. */
export function forwardSortationArea(postalCode: string): string {
  return postalCode.slice(0, 3);
}

/** An area entry as configured ('m4w ' is 'M4W'), or null when it is no FSA or prefix of one. */
export function normaliseServiceArea(entry: string): string | null {
  const area = entry.trim().toUpperCase();
  return AREA_PREFIX.test(area) ? area : null;
}

/**
 * Whether we serve the postal code: its FSA starts with one of the areas. A code that is not a
 * postal code is served nowhere; so is every code when the list is empty.
 */
export function inServiceArea(postalCode: string, areas: readonly string[]): boolean {
  const code = normalisePostalCode(postalCode);
  if (code === null) return false;
  const fsa = forwardSortationArea(code);
  return areas.some((entry) => {
    const area = normaliseServiceArea(entry);
    return area !== null && fsa.startsWith(area);
  });
}
