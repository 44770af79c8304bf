import { P } from '../palette';
import { type Canvas, circle, d, ellipse, g, path, rect, translate } from '../svg';

/** A sofa standing on `y`, `w` wide. */
export function sofa(
  x: number,
  y: number,
  w: number,
  color: string = P.brand,
  cushion: string = P.warmLight,
): string {
  const h = w * 0.42;
  return g(
    {},
    ellipse(x + w / 2, y, w * 0.55, 10, '#000', { opacity: 0.12 }),
    rect(x + w * 0.06, y - h, w * 0.88, h * 0.7, color, { rx: 22 }),
    rect(x, y - h * 0.55, w, h * 0.42, color, { rx: 18 }),
    rect(x + w * 0.1, y - h * 0.55, w * 0.8, h * 0.18, '#fff', { opacity: 0.12, rx: 10 }),
    rect(x - 6, y - h * 0.72, w * 0.12, h * 0.62, color, { rx: 16 }),
    rect(x + w * 0.94 - 6, y - h * 0.72, w * 0.12, h * 0.62, color, { rx: 16 }),
    rect(x - 6, y - h * 0.72, w * 0.12, h * 0.62, '#000', { opacity: 0.1, rx: 16 }),
    rect(x + w * 0.94 - 6, y - h * 0.72, w * 0.12, h * 0.62, '#000', { opacity: 0.1, rx: 16 }),
    rect(x + w * 0.14, y - h * 0.92, w * 0.2, h * 0.38, cushion, {
      rx: 12,
      transform: `rotate(-8 ${String(Math.round(x + w * 0.24))} ${String(Math.round(y - h * 0.7))})`,
    }),
    rect(x + w * 0.66, y - h * 0.92, w * 0.2, h * 0.38, P.offWhite, {
      rx: 12,
      transform: `rotate(8 ${String(Math.round(x + w * 0.76))} ${String(Math.round(y - h * 0.7))})`,
    }),
    rect(x + w * 0.08, y - h * 0.15, w * 0.05, h * 0.15, P.woodDark),
    rect(x + w * 0.87, y - h * 0.15, w * 0.05, h * 0.15, P.woodDark),
  );
}

/** A framed picture of hills on a wall. */
export function wallArt(c: Canvas, x: number, y: number, w: number, h: number): string {
  return g(
    {},
    rect(x - 8, y - 8, w + 16, h + 16, P.woodDark, { rx: 4 }),
    rect(x, y, w, h, c.linear([[0, P.skyTop], [1, P.skyBottom]])),
    path(
      d(
        'M', x, y + h * 0.7, 'Q', x + w * 0.3, y + h * 0.4, x + w * 0.6, y + h * 0.65, 'T', x + w,
        y + h * 0.55, 'L', x + w, y + h, 'L', x, y + h, 'Z',
      ),
      P.grass,
    ),
    circle(x + w * 0.75, y + h * 0.3, h * 0.12, P.warmLight),
  );
}

/** A window in an interior wall with curtains, showing a sky and a tree outside. */
export function interiorWindow(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  curtain: string = P.warmPale,
): string {
  return g(
    {},
    rect(x - 12, y - 12, w + 24, h + 24, P.white, { rx: 6 }),
    rect(x, y, w, h, c.linear([[0, P.skyTop], [1, P.skyBottom]])),
    circle(x + w * 0.72, y + h * 0.62, w * 0.3, P.leaf),
    circle(x + w * 0.9, y + h * 0.7, w * 0.22, P.leafDark),
    rect(x, y + h * 0.82, w, h * 0.18, P.grass),
    rect(x + w / 2 - 5, y, 10, h, P.white),
    rect(x, y + h / 2 - 5, w, 10, P.white),
    rect(x - 20, y + h + 6, w + 40, 14, P.white, { rx: 4 }),
    path(
      d(
        'M', x - 40, y - 30, 'L', x + w * 0.18, y - 30, 'Q', x + w * 0.1, y + h * 0.5, x + w * 0.16,
        y + h + 10, 'L', x - 40, y + h + 10, 'Z',
      ),
      curtain,
    ),
    path(
      d(
        'M', x + w + 40, y - 30, 'L', x + w * 0.82, y - 30, 'Q', x + w * 0.9, y + h * 0.5,
        x + w * 0.84, y + h + 10, 'L', x + w + 40, y + h + 10, 'Z',
      ),
      curtain,
    ),
    rect(x - 50, y - 40, w + 100, 12, P.woodDark, { rx: 6 }),
  );
}

/** A monitor on a stand, centred on x, base on `y`. */
export function monitor(x: number, y: number, w: number, screen: string = P.mintPale): string {
  const h = w * 0.62;
  return g(
    {},
    rect(x - w * 0.2, y - 8, w * 0.4, 8, P.greyDark, { rx: 4 }),
    rect(x - 6, y - h * 0.3, 12, h * 0.3, P.greyDark),
    rect(x - w / 2, y - h * 0.3 - h, w, h, P.charcoal, { rx: 8 }),
    rect(x - w / 2 + 8, y - h * 0.3 - h + 8, w - 16, h - 16, screen, { rx: 4 }),
    rect(x - w / 2 + 20, y - h * 1.3 + 24, w * 0.4, 10, P.brand, { rx: 5 }),
    rect(x - w / 2 + 20, y - h * 1.3 + 44, w * 0.6, 8, P.grey, { rx: 4, opacity: 0.6 }),
    rect(x - w / 2 + 20, y - h * 1.3 + 60, w * 0.5, 8, P.grey, { rx: 4, opacity: 0.6 }),
  );
}

/** A desk top at `y` from x0 to x1 with two legs. */
export function desk(x0: number, x1: number, y: number, color: string = P.woodLight): string {
  return g(
    {},
    rect(x0 + 16, y, 12, 150, P.greyDark),
    rect(x1 - 28, y, 12, 150, P.greyDark),
    rect(x0, y - 4, x1 - x0, 20, color, { rx: 4 }),
    rect(x0, y + 10, x1 - x0, 6, '#000', { opacity: 0.1 }),
  );
}

/** A cleaning cloth folded on a surface. */
export function cloth(x: number, y: number, s: number, color: string = P.skyBlue): string {
  return g(
    { transform: translate(x, y, s) },
    path(d('M', -30, 0, 'Q', -34, -14, -20, -16, 'L', 26, -18, 'Q', 34, -10, 30, 0, 'Z'), color),
    path(d('M', -24, -8, 'L', 26, -10), 'none', {
      stroke: '#fff',
      'stroke-width': 2,
      opacity: 0.4,
    }),
  );
}

/** A sponge, yellow with a green scrub side. */
export function sponge(x: number, y: number, s: number): string {
  return g(
    { transform: translate(x, y, s) },
    rect(-30, -14, 60, 14, P.warmLight, { rx: 4 }),
    rect(-30, -22, 60, 10, P.brandMid, { rx: 4 }),
    circle(-14, -7, 2.2, P.warm),
    circle(4, -6, 2.6, P.warm),
    circle(18, -8, 2, P.warm),
  );
}

/** A chunk of soap bubbles. */
export function bubbles(x: number, y: number, s: number): string {
  return g(
    { transform: translate(x, y, s) },
    ...(
      [[0, 0, 14], [20, -10, 10], [-16, -14, 9], [8, -26, 7], [30, 8, 6]] as const
    ).map(([bx, by, r]) =>
      g(
        {},
        circle(bx, by, r, '#fff', { opacity: 0.75, stroke: '#bfe6fa', 'stroke-width': 1.5 }),
        circle(bx - r * 0.35, by - r * 0.35, r * 0.25, '#fff'),
      ),
    ),
  );
}
