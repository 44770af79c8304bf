import { P } from '../palette';
import {
  type Canvas, between, circle, d, ellipse, g, path, rect, seeded, stroke, translate,
} from '../svg';

/** The whole picture filled with a vertical gradient sky. */
export function sky(c: Canvas, top: string = P.skyTop, bottom: string = P.skyBottom): string {
  return rect(0, 0, c.width, c.height, c.linear([[0, top], [1, bottom]]));
}

export function sun(cx: number, cy: number, r: number, color: string = P.warmLight): string {
  return g(
    {},
    circle(cx, cy, r * 1.9, color, { opacity: 0.18 }),
    circle(cx, cy, r * 1.4, color, { opacity: 0.3 }),
    circle(cx, cy, r, color),
  );
}

export function cloud(
  cx: number,
  cy: number,
  s: number,
  color: string = P.white,
  opacity = 0.92,
): string {
  return g(
    { transform: translate(cx, cy, s), opacity },
    path(
      d(
        'M', -60, 20, 'a', 22, 22, 0, 0, 1, 8, -38, 'a', 30, 30, 0, 0, 1, 52, -14, 'a', 26, 26, 0,
        0, 1, 44, 14, 'a', 19, 19, 0, 0, 1, 16, 38, 'z',
      ),
      color,
    ),
  );
}

/** A band of rolling hills whose top passes through the given heights, spread over the width. */
export function hills(
  c: Canvas,
  heights: readonly number[],
  color: string,
  bottom = c.height,
): string {
  const step = c.width / Math.max(1, heights.length - 1);
  const first = heights[0] ?? bottom;
  const parts: (string | number)[] = ['M', 0, bottom, 'L', 0, first];
  for (let i = 1; i < heights.length; i += 1) {
    const x0 = (i - 1) * step;
    const x1 = i * step;
    const y0 = heights[i - 1] ?? first;
    const y1 = heights[i] ?? first;
    parts.push('C', x0 + step / 2, y0, x1 - step / 2, y1, x1, y1);
  }
  parts.push('L', c.width, bottom, 'Z');
  return path(d(...parts), color);
}

/** Lawn: a gently curved band from `top` to the bottom, with a lighter sheen. */
export function lawn(
  c: Canvas,
  top: number,
  tint: string = P.grass,
  dark: string = P.grassDark,
): string {
  return g(
    {},
    path(
      d(
        'M', 0, top + 10, 'Q', c.width / 2, top - 18, c.width, top + 6, 'L', c.width, c.height, 'L',
        0, c.height, 'Z',
      ),
      c.linear([[0, tint], [1, dark]]),
    ),
  );
}

/** Short blades of grass scattered along a line, seeded. */
export function grassTufts(
  seed: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  count: number,
  color: string = P.grassDark,
  size = 10,
): string {
  const random = seeded(seed);
  const tufts: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const x = between(random, x0, x1);
    const y = between(random, y0, y1);
    const s = size * between(random, 0.7, 1.3);
    tufts.push(
      path(
        d(
          'M', x - s * 0.5, y - s * 1.2, 'Q', x - s * 0.3, y - s * 0.4, x - s * 0.1, y, 'M', x,
          y - s * 1.7, 'Q', x + s * 0.05, y - s * 0.6, x + s * 0.05, y, 'M', x + s * 0.6,
          y - s * 1.1, 'Q', x + s * 0.3, y - s * 0.4, x + s * 0.2, y,
        ),
        'none',
        { stroke: color, 'stroke-width': s * 0.22, 'stroke-linecap': 'round', opacity: 0.5 },
      ),
    );
  }
  return tufts.join('');
}

export type TreeKind = 'round' | 'pine' | 'blossom' | 'autumn' | 'bare' | 'snowy-pine' | 'tall';

/** A tree standing on `groundY`, about 300·s tall. */
export function tree(x: number, groundY: number, s: number, kind: TreeKind = 'round'): string {
  const trunk = P.woodDark;
  const parts: string[] = [ellipse(0, 0, 60, 9, '#000', { opacity: 0.1 })];
  if (kind === 'pine' || kind === 'snowy-pine') {
    parts.push(rect(-9, -40, 18, 40, trunk, { rx: 3 }));
    const tiers: readonly [number, number, number][] = [
      [-40, 80, 90], [-100, 66, 80], [-155, 50, 70],
    ];
    for (const [y, half, h] of tiers) {
      parts.push(
        path(
          d(
            'M', -half, y, 'Q', 0, y + 10, half, y, 'L', 6, y - h, 'Q', 0, y - h - 6, -6, y - h,
            'Z',
          ),
          P.leafDark,
        ),
      );
      parts.push(
        path(d('M', 0, y + 4, 'Q', half * 0.6, y + 4, half, y, 'L', 6, y - h, 'Z'), '#000', {
          opacity: 0.1,
        }),
      );
      if (kind === 'snowy-pine') {
        parts.push(
          path(
            d(
              'M', -half * 0.55, y - h * 0.35, 'Q', 0, y - h * 0.25, half * 0.5, y - h * 0.4, 'L',
              5, y - h, 'L', -5, y - h, 'Z',
            ),
            P.snow,
          ),
        );
      }
    }
  } else if (kind === 'bare') {
    parts.push(
      stroke([[0, 0], [0, -130]], trunk, 16),
      stroke([[0, -80], [-45, -150], [-60, -190]], trunk, 9),
      stroke([[0, -100], [40, -170], [65, -200]], trunk, 9),
      stroke([[0, -130], [-8, -220]], trunk, 8),
      stroke([[-45, -150], [-20, -200]], trunk, 5),
      stroke([[40, -170], [15, -215]], trunk, 5),
    );
  } else {
    const tall = kind === 'tall';
    parts.push(
      path(
        d('M', -10, 0, 'L', -7, tall ? -150 : -110, 'L', 7, tall ? -150 : -110, 'L', 10, 0, 'Z'),
        trunk,
      ),
    );
    parts.push(
      stroke([[0, -90], [-26, -128]], trunk, 7),
      stroke([[0, -105], [24, -140]], trunk, 6),
    );
    const [main, dark, light] =
      kind === 'blossom'
        ? [P.blossom, P.rose, '#fde1e7']
        : kind === 'autumn'
          ? [P.autumn, P.autumnRed, P.autumnLight]
          : [P.leaf, P.leafDark, P.grassLight];
    const blobs: readonly [number, number, number][] = tall
      ? [[0, -250, 62], [-40, -195, 56], [42, -190, 54], [0, -160, 50]]
      : [[-48, -160, 58], [50, -165, 56], [0, -215, 66], [0, -150, 60]];
    for (const [bx, by, r] of blobs) parts.push(circle(bx, by, r, main));
    for (const [bx, by, r] of blobs) {
      parts.push(
        path(
          d(
            'M', bx - r, by, 'A', r, r, 0, 0, 0, bx + r, by, 'A', r * 1.1, r * 0.7, 0, 0, 1, bx - r,
            by, 'Z',
          ),
          dark,
          { opacity: 0.35 },
        ),
      );
    }
    parts.push(circle(-22, tall ? -270 : -232, 20, light, { opacity: 0.55 }));
    if (kind === 'blossom' || kind === 'autumn') {
      const random = seeded(kind === 'blossom' ? 11 : 17);
      for (let i = 0; i < 22; i += 1) {
        const a = random() * Math.PI * 2;
        const r = Math.sqrt(random()) * 90;
        parts.push(
          circle(
            Math.cos(a) * r,
            -180 + Math.sin(a) * r * 0.75,
            5,
            kind === 'blossom' ? P.white : P.warmLight,
            { opacity: 0.85 },
          ),
        );
      }
    }
  }
  return g({ transform: translate(x, groundY, s) }, ...parts);
}

/** A round shrub sitting on the ground. */
export function bush(
  x: number,
  groundY: number,
  r: number,
  color: string = P.leaf,
  dark: string = P.leafDark,
): string {
  return g(
    {},
    ellipse(x, groundY, r * 1.2, r * 0.16, '#000', { opacity: 0.1 }),
    circle(x - r * 0.6, groundY - r * 0.5, r * 0.6, color),
    circle(x + r * 0.6, groundY - r * 0.5, r * 0.62, color),
    circle(x, groundY - r * 0.85, r * 0.8, color),
    path(
      d(
        'M', x - r * 1.2, groundY - r * 0.4, 'Q', x, groundY + r * 0.15, x + r * 1.22,
        groundY - r * 0.4, 'Q', x + r, groundY, x, groundY, 'Q', x - r, groundY, x - r * 1.2,
        groundY - r * 0.4, 'Z',
      ),
      dark,
      { opacity: 0.45 },
    ),
    circle(x - r * 0.25, groundY - r * 1.2, r * 0.22, '#fff', { opacity: 0.18 }),
  );
}

/** A five-petal flower on a stem; `s` ≈ head radius. */
export function flower(
  x: number,
  y: number,
  s: number,
  petal: string,
  centre: string = P.warmLight,
  stem = 3,
): string {
  const petals: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
    petals.push(circle(x + Math.cos(a) * s * 0.62, y + Math.sin(a) * s * 0.62, s * 0.5, petal));
  }
  return g(
    {},
    stroke([[x, y], [x + s * 0.2, y + s * stem]], P.leafDark, Math.max(2, s * 0.18)),
    ellipse(x + s * 0.6, y + s * stem * 0.65, s * 0.45, s * 0.2, P.leaf, {
      transform: `rotate(-30 ${String(Math.round(x + s * 0.6))} ${String(Math.round(y + s * stem * 0.65))})`,
    }),
    ...petals,
    circle(x, y, s * 0.34, centre),
  );
}

export function tulip(x: number, y: number, s: number, color: string): string {
  return g(
    {},
    stroke([[x, y], [x, y + s * 3]], P.leafDark, s * 0.2),
    path(
      d(
        'M', x, y + s * 3, 'Q', x - s * 1.1, y + s * 1.6, x - s * 0.8, y + s * 1.2, 'Q',
        x - s * 0.3, y + s * 2, x, y + s * 3, 'Z',
      ),
      P.leaf,
    ),
    path(
      d(
        'M', x - s * 0.7, y - s * 0.9, 'L', x - s * 0.35, y - s * 0.4, 'L', x, y - s * 1, 'L',
        x + s * 0.35, y - s * 0.4, 'L', x + s * 0.7, y - s * 0.9, 'Q', x + s * 0.8, y + s * 0.6, x,
        y + s * 0.6, 'Q', x - s * 0.8, y + s * 0.6, x - s * 0.7, y - s * 0.9, 'Z',
      ),
      color,
    ),
  );
}

/** A row of flowers of alternating colours along a bed, seeded. */
export function flowerRow(
  seed: number,
  x0: number,
  x1: number,
  y: number,
  count: number,
  size: number,
  colors: readonly string[] = [P.coral, P.warmLight, P.rose, P.lilac, P.white],
): string {
  const random = seeded(seed);
  const items: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const x = x0 + ((x1 - x0) * (i + 0.5)) / count + between(random, -size * 0.4, size * 0.4);
    const yy = y + between(random, -size * 0.6, size * 0.6);
    const color = colors[i % colors.length] ?? P.coral;
    items.push(
      random() < 0.3 ? tulip(x, yy, size * 0.8, color) : flower(x, yy, size, color, P.warmLight),
    );
  }
  return items.join('');
}

/** A leaf shape, pointing along `angle` degrees. */
export function leafShape(x: number, y: number, s: number, angle: number, color: string): string {
  return g(
    { transform: translate(x, y, s, angle) },
    path(d('M', -10, 0, 'Q', 0, -7, 10, 0, 'Q', 0, 7, -10, 0, 'Z'), color),
    stroke([[-10, 0], [8, 0]], '#000', 0.8, { opacity: 0.2 }),
  );
}

/** Falling leaves scattered over an area, seeded. */
export function fallingLeaves(
  seed: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  count: number,
  size: number,
  colors: readonly string[] = [P.autumn, P.autumnLight, P.autumnRed, P.warm],
): string {
  const random = seeded(seed);
  const leaves: string[] = [];
  for (let i = 0; i < count; i += 1) {
    leaves.push(
      leafShape(
        between(random, x0, x1),
        between(random, y0, y1),
        size * between(random, 0.7, 1.3),
        between(random, -180, 180),
        colors[i % colors.length] ?? P.autumn,
      ),
    );
  }
  return leaves.join('');
}

/** A six-armed snowflake drawn with strokes. */
export function snowflake(
  cx: number,
  cy: number,
  r: number,
  color: string = P.white,
  opacity = 0.95,
): string {
  const arms: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    arms.push(
      g(
        { transform: `rotate(${String(i * 60)})` },
        stroke([[0, 0], [0, -r]], color, r * 0.13),
        stroke([[-r * 0.28, -r * 0.78], [0, -r * 0.52], [r * 0.28, -r * 0.78]], color, r * 0.11),
      ),
    );
  }
  return g({ transform: translate(cx, cy), opacity }, ...arms, circle(0, 0, r * 0.14, color));
}

/** Falling snow: dots and a few snowflakes, seeded. */
export function snowfall(
  seed: number,
  c: Canvas,
  dots: number,
  flakes: number,
  size: number,
  bottom = c.height,
): string {
  const random = seeded(seed);
  const items: string[] = [];
  for (let i = 0; i < dots; i += 1) {
    items.push(
      circle(random() * c.width, random() * bottom, size * between(random, 0.25, 0.6), P.white, {
        opacity: between(random, 0.55, 0.95),
      }),
    );
  }
  for (let i = 0; i < flakes; i += 1) {
    items.push(
      snowflake(
        random() * c.width,
        random() * bottom * 0.8,
        size * between(random, 1.4, 2.4),
        P.white,
        0.85,
      ),
    );
  }
  return items.join('');
}

/** A drift of snow along the ground with a soft shadow edge. */
export function snowGround(c: Canvas, top: number): string {
  return g(
    {},
    path(
      d(
        'M', 0, top + 12, 'Q', c.width * 0.25, top - 14, c.width * 0.5, top + 4, 'T', c.width, top,
        'L', c.width, c.height, 'L', 0, c.height, 'Z',
      ),
      c.linear([[0, P.snow], [1, P.ice]]),
    ),
  );
}

/** A four-pointed sparkle: the universal sign of "clean". */
export function sparkle(cx: number, cy: number, r: number, color: string = P.warmLight): string {
  const k = r * 0.22;
  return path(
    d(
      'M', cx, cy - r, 'Q', cx + k, cy - k, cx + r, cy, 'Q', cx + k, cy + k, cx, cy + r, 'Q',
      cx - k, cy + k, cx - r, cy, 'Q', cx - k, cy - k, cx, cy - r, 'Z',
    ),
    color,
  );
}

/** A stepping stone seen in perspective. */
export function stone(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color: string = P.concrete,
): string {
  return g(
    {},
    ellipse(cx, cy + ry * 0.25, rx, ry, '#000', { opacity: 0.12 }),
    ellipse(cx, cy, rx, ry, color),
    ellipse(cx - rx * 0.2, cy - ry * 0.25, rx * 0.5, ry * 0.35, '#fff', { opacity: 0.25 }),
  );
}
