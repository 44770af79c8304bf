/**
 * Every picture the site shows, made by us (`npm run images` draws them: infra/assets/) and
 * shipped in web/public/images. Each exists as `<base>-<width>.webp` for every width listed.
 */
export interface SiteImage {
  /** Path without size and extension: '/images/services/painting'. */
  readonly base: string;
  /** The widths shipped, smallest first. */
  readonly widths: readonly number[];
  /** Intrinsic size of the largest, for the aspect ratio. */
  readonly width: number;
  readonly height: number;
  readonly alt: string;
}

/** The `srcset` of a picture: every width shipped. */
export function srcSetOf(image: SiteImage): string {
  return image.widths
    .map((width) => `${image.base}-${String(width)}.webp ${String(width)}w`)
    .join(', ');
}

/** The largest width shipped, for browsers that ignore `srcset`. */
export function largestSrcOf(image: SiteImage): string {
  return `${image.base}-${String(image.widths.at(-1) ?? image.width)}.webp`;
}

/** Card, teaser and article pictures: 4:3. */
export const CARD_WIDTHS = [480, 960] as const;
/** Full-width hero pictures: 16:9. */
export const HERO_WIDTHS = [640, 1280, 1920] as const;

export function cardImage(base: string, alt: string): SiteImage {
  return { base, widths: CARD_WIDTHS, width: 960, height: 720, alt };
}

export function heroImage(base: string, alt: string): SiteImage {
  return { base, widths: HERO_WIDTHS, width: 1920, height: 1080, alt };
}

/** Portraits: square. */
export const AVATAR_WIDTHS = [160, 320] as const;

export function avatarImage(base: string, alt: string): SiteImage {
  return { base, widths: AVATAR_WIDTHS, width: 320, height: 320, alt };
}
