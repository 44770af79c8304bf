import { P } from '../palette';
import { type Canvas, circle, d, ellipse, g, path, polygon, rect, stroke, translate } from '../svg';

export interface WindowOptions {
  readonly frame?: string;
  readonly glass?: string;
  /** Warm light inside, for dusk and winter scenes. */
  readonly lit?: boolean;
  readonly shutters?: string;
  readonly sill?: boolean;
  readonly box?: boolean;
}

export function windowPane(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  options: WindowOptions = {},
): string {
  const frame = options.frame ?? P.white;
  const glass = options.lit
    ? c.linear([[0, P.warmLight], [1, P.warm]])
    : (options.glass ?? c.linear([[0, '#cfeaf8'], [1, '#8fc6e6']]));
  const t = Math.max(4, w * 0.08);
  const parts: string[] = [];
  if (options.shutters !== undefined) {
    parts.push(
      rect(x - w * 0.42, y, w * 0.36, h, options.shutters, { rx: 3 }),
      rect(x + w * 1.06, y, w * 0.36, h, options.shutters, { rx: 3 }),
    );
    for (let i = 1; i < 5; i += 1) {
      const ly = y + (h * i) / 5;
      parts.push(
        stroke([[x - w * 0.36, ly], [x - w * 0.12, ly]], '#000', 2, { opacity: 0.15 }),
        stroke([[x + w * 1.12, ly], [x + w * 1.36, ly]], '#000', 2, { opacity: 0.15 }),
      );
    }
  }
  parts.push(
    rect(x, y, w, h, frame, { rx: 3 }),
    rect(x + t, y + t, w - 2 * t, h - 2 * t, glass, { rx: 2 }),
  );
  if (!options.lit) {
    parts.push(
      path(
        d(
          'M', x + t, y + h * 0.55, 'L', x + w * 0.55, y + t, 'L', x + w * 0.75, y + t, 'L', x + t,
          y + h * 0.8, 'Z',
        ),
        '#fff',
        { opacity: 0.35 },
      ),
    );
  }
  parts.push(
    rect(x + w / 2 - t / 4, y + t, t / 2, h - 2 * t, frame),
    rect(x + t, y + h / 2 - t / 4, w - 2 * t, t / 2, frame),
  );
  if (options.sill ?? true)
    parts.push(rect(x - t * 0.8, y + h - 2, w + t * 1.6, t * 1.1, frame, { rx: 2 }));
  if (options.box) {
    parts.push(
      rect(x - t * 0.4, y + h + t, w + t * 0.8, h * 0.2, P.woodDark, { rx: 3 }),
      circle(x + w * 0.2, y + h + t, w * 0.1, P.coral),
      circle(x + w * 0.5, y + h + t - 2, w * 0.11, P.warmLight),
      circle(x + w * 0.8, y + h + t, w * 0.1, P.rose),
      circle(x + w * 0.35, y + h + t + 2, w * 0.08, P.leaf),
      circle(x + w * 0.65, y + h + t + 2, w * 0.08, P.leaf),
    );
  }
  return g({}, ...parts);
}

export function door(
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  frame: string = P.white,
): string {
  return g(
    {},
    rect(x - 5, y - 5, w + 10, h + 5, frame, { rx: 4 }),
    rect(x, y, w, h, color, { rx: 3 }),
    rect(x + w * 0.16, y + h * 0.1, w * 0.68, h * 0.32, '#fff', { opacity: 0.18, rx: 3 }),
    rect(x + w * 0.16, y + h * 0.5, w * 0.68, h * 0.38, '#000', { opacity: 0.08, rx: 3 }),
    circle(x + w * 0.8, y + h * 0.55, Math.max(3, w * 0.05), P.warmLight),
  );
}

export interface HouseOptions {
  /** Left edge of the walls and the ground line they stand on. */
  readonly x: number;
  readonly y: number;
  readonly w: number;
  /** Height of the walls (all storeys). */
  readonly h: number;
  readonly roofH: number;
  readonly storeys?: 1 | 2;
  readonly wall?: string;
  readonly roof?: string;
  readonly trim?: string;
  readonly doorColor?: string;
  readonly doorAt?: number;
  readonly chimney?: boolean;
  readonly gutter?: boolean;
  readonly snow?: boolean;
  readonly lit?: boolean;
  readonly shutters?: string;
  readonly boxes?: boolean;
  readonly siding?: boolean;
  readonly brick?: boolean;
  readonly garage?: boolean;
  readonly gableWindow?: boolean;
}

/** A detached house: walls, gable roof, windows, door and optional gutters, snow and light. */
export function house(c: Canvas, o: HouseOptions): string {
  const { x, y, w, h, roofH } = o;
  const wall = o.wall ?? P.siding;
  const roof = o.roof ?? P.roofRed;
  const trim = o.trim ?? P.white;
  const storeys = o.storeys ?? 1;
  const overhang = w * 0.07;
  const top = y - h;
  const parts: string[] = [ellipse(x + w / 2, y + 4, w * 0.62, 12, '#000', { opacity: 0.12 })];

  if (o.chimney ?? false) {
    parts.push(
      rect(x + w * 0.68, top - roofH * 0.85, w * 0.09, roofH * 0.7, P.brick),
      rect(x + w * 0.665, top - roofH * 0.88, w * 0.12, 10, P.charcoal, { rx: 2 }),
    );
    if (o.snow)
      parts.push(rect(x + w * 0.665, top - roofH * 0.9 - 6, w * 0.12, 10, P.snow, { rx: 5 }));
  }
  parts.push(rect(x, top, w, h, o.brick ? P.brick : wall));
  if (o.siding ?? !o.brick) {
    for (let ly = top + 16; ly < y; ly += 16)
      parts.push(rect(x, ly, w, 2, '#000', { opacity: 0.05 }));
  }
  if (o.brick) {
    for (let row = 0, ly = top + 10; ly < y; ly += 14, row += 1) {
      parts.push(rect(x, ly, w, 2, '#fff', { opacity: 0.18 }));
      for (let bx = x + (row % 2 === 0 ? 20 : 40); bx < x + w; bx += 40)
        parts.push(rect(bx, ly - 12, 2, 12, '#fff', { opacity: 0.14 }));
    }
  }
  // A shadow under the eave reads as depth.
  parts.push(rect(x, top, w, 14, '#000', { opacity: 0.1 }));

  // Roof
  parts.push(
    polygon([[x - overhang, top + 2], [x + w / 2, top - roofH], [x + w + overhang, top + 2]], roof),
    polygon(
      [[x + w / 2, top - roofH], [x + w + overhang, top + 2], [x + w / 2, top + 2]],
      '#000',
      { opacity: 0.12 },
    ),
    stroke(
      [[x - overhang, top + 2], [x + w / 2, top - roofH], [x + w + overhang, top + 2]], trim, 7,
    ),
  );
  if (o.gableWindow ?? true) {
    const r = Math.min(roofH * 0.2, w * 0.07);
    parts.push(
      circle(x + w / 2, top - roofH * 0.4, r + 5, trim),
      circle(x + w / 2, top - roofH * 0.4, r, o.lit ? P.warmLight : '#a9d6ef'),
    );
  }
  if (o.snow) {
    parts.push(
      path(
        d(
          'M', x - overhang - 6, top + 4, 'L', x + w / 2, top - roofH - 8, 'L',
          x + w + overhang + 6, top + 4, 'Q', x + w * 0.85, top - 10, x + w * 0.78, top + 2, 'Q',
          x + w * 0.7, top - roofH * 0.2, x + w * 0.6, top - roofH * 0.5, 'L', x + w / 2,
          top - roofH + 12, 'L', x + w * 0.38, top - roofH * 0.52, 'Q', x + w * 0.25,
          top - roofH * 0.15, x + w * 0.18, top + 4, 'Q', x + w * 0.08, top - 6, x - overhang - 6,
          top + 4, 'Z',
        ),
        P.snow,
      ),
    );
  }
  if (o.gutter ?? true) {
    parts.push(
      rect(x - overhang - 4, top + 2, w + overhang * 2 + 8, 12, P.greyLight, { rx: 5 }),
      rect(x - overhang - 4, top + 9, w + overhang * 2 + 8, 5, '#000', { opacity: 0.12, rx: 2 }),
      rect(x + w - 4, top + 12, 11, h - 24, P.greyLight),
      path(
        d('M', x + w - 4, y - 14, 'l', 11, 0, 'l', 14, 10, 'l', 0, 6, 'l', -18, 0, 'Z'),
        P.greyLight,
      ),
      rect(x + w + 3, top + 12, 4, h - 24, '#000', { opacity: 0.1 }),
    );
  }

  // Windows and door
  const winOptions: WindowOptions = {
    frame: trim,
    lit: o.lit ?? false,
    shutters: o.shutters,
    box: o.boxes,
  };
  const doorW = w * 0.16;
  const doorH = Math.min(h / storeys - 18, doorW * 2.1);
  const doorX = x + w * (o.doorAt ?? 0.42) - doorW / 2;
  const winW = w * 0.17;
  const winH = winW * 1.05;
  if (storeys === 2) {
    const upperY = top + h * 0.14;
    for (const fx of [0.22, 0.5, 0.78])
      parts.push(windowPane(c, x + w * fx - winW / 2, upperY, winW, winH, winOptions));
    parts.push(rect(x, top + h / 2 - 4, w, 8, trim, { opacity: 0.7 }));
  }
  const lowerY = y - h / storeys + (h / storeys - winH) * 0.38;
  if (o.garage) {
    const gw = w * 0.38;
    const gx = x + w * 0.56;
    const gh = Math.min(h / storeys - 20, gw * 0.75);
    parts.push(
      rect(gx - 6, y - gh - 6, gw + 12, gh + 6, trim, { rx: 4 }),
      rect(gx, y - gh, gw, gh, P.greyPale),
    );
    for (let i = 1; i < 5; i += 1)
      parts.push(rect(gx, y - gh + (gh * i) / 5, gw, 3, '#000', { opacity: 0.1 }));
    parts.push(windowPane(c, x + w * 0.1, lowerY, winW, winH, winOptions));
  } else {
    for (const fx of [0.16, 0.78])
      parts.push(windowPane(c, x + w * fx - winW / 2, lowerY, winW, winH, winOptions));
  }
  parts.push(door(doorX, y - doorH, doorW, doorH, o.doorColor ?? P.brand, trim));
  parts.push(
    rect(doorX - 14, y - 6, doorW + 28, 8, P.concrete, { rx: 2 }),
    rect(doorX - 22, y, doorW + 44, 6, P.grey, { rx: 2 }),
  );
  parts.push(circle(doorX + doorW + 16, y - doorH * 0.75, 5, o.lit ? P.warmLight : P.warmPale));
  return g({}, ...parts);
}

/** A low picket fence between two x positions, standing on `y`. */
export function fence(
  x0: number,
  x1: number,
  y: number,
  h: number,
  color: string = P.white,
  gap = 26,
): string {
  const pickets: string[] = [
    rect(x0, y - h * 0.72, x1 - x0, h * 0.1, color),
    rect(x0, y - h * 0.32, x1 - x0, h * 0.1, color),
  ];
  for (let px = x0; px < x1 - 4; px += gap) {
    const pw = gap * 0.58;
    pickets.push(
      path(
        d(
          'M', px, y, 'L', px, y - h + pw * 0.5, 'L', px + pw / 2, y - h, 'L', px + pw,
          y - h + pw * 0.5, 'L', px + pw, y, 'Z',
        ),
        color,
      ),
    );
    pickets.push(
      rect(px + pw * 0.65, y - h + pw * 0.5, pw * 0.35, h - pw * 0.5, '#000', { opacity: 0.06 }),
    );
  }
  return g({}, ...pickets);
}

/** A tall wooden privacy fence of vertical boards. */
export function boardFence(
  x0: number,
  x1: number,
  y: number,
  h: number,
  color: string = P.woodLight,
): string {
  const boards: string[] = [rect(x0, y - h, x1 - x0, h, color)];
  for (let bx = x0; bx < x1; bx += 30)
    boards.push(rect(bx, y - h, 3, h, '#000', { opacity: 0.12 }));
  boards.push(
    rect(x0, y - h * 0.8, x1 - x0, 8, '#000', { opacity: 0.08 }),
    rect(x0, y - h * 0.25, x1 - x0, 8, '#000', { opacity: 0.08 }),
    rect(x0, y - h - 6, x1 - x0, 10, P.woodDark, { rx: 3 }),
  );
  return g({}, ...boards);
}

/** The company van: white with a green band and the house logo. Faces right. */
export function van(x: number, groundY: number, s: number, ladder = false): string {
  const parts: string[] = [
    ellipse(150, 0, 175, 12, '#000', { opacity: 0.15 }),
    path(
      d(
        'M', -10, -30, 'L', -10, -150, 'Q', -10, -162, 2, -162, 'L', 200, -162, 'Q', 222, -162, 236,
        -140, 'L', 276, -90, 'Q', 300, -86, 306, -70, 'L', 310, -30, 'Q', 310, -18, 298, -18, 'L',
        2, -18, 'Q', -10, -18, -10, -30, 'Z',
      ),
      P.white,
    ),
    path(d('M', 212, -148, 'L', 264, -90, 'L', 212, -90, 'Z'), P.navy, { opacity: 0.85 }),
    path(d('M', 218, -140, 'L', 230, -126, 'L', 218, -110, 'Z'), '#fff', { opacity: 0.3 }),
    rect(-10, -84, 320, 26, P.brand),
    rect(-10, -58, 320, 6, P.warm),
    rect(204, -148, 4, 120, '#000', { opacity: 0.1 }),
    rect(212, -80, 18, 4, '#000', { opacity: 0.2, rx: 2 }),
    circle(30, -126, 22, P.brand),
    path(
      d(
        'M', 17, -124, 'L', 30, -137, 'L', 43, -124, 'L', 39, -124, 'L', 39, -114, 'L', 33, -114,
        'L', 33, -120, 'L', 27, -120, 'L', 27, -114, 'L', 21, -114, 'L', 21, -124, 'Z',
      ),
      P.white,
    ),
    rect(64, -134, 110, 10, P.brand, { rx: 5, opacity: 0.9 }),
    rect(64, -118, 74, 8, P.grey, { rx: 4, opacity: 0.8 }),
    rect(296, -58, 14, 10, P.warmLight, { rx: 3 }),
    rect(-14, -40, 10, 12, P.coral, { rx: 2 }),
  ];
  for (const wx of [58, 240])
    parts.push(
      circle(wx, -18, 30, P.charcoal),
      circle(wx, -18, 14, P.greyLight),
      circle(wx, -18, 5, P.grey),
    );
  if (ladder) {
    parts.push(
      rect(10, -176, 200, 8, P.grey, { rx: 3 }),
      rect(10, -190, 200, 6, P.greyLight, { rx: 3 }),
    );
    for (let lx = 20; lx < 210; lx += 22) parts.push(rect(lx, -188, 5, 16, P.greyLight));
    parts.push(rect(30, -168, 8, 8, P.greyDark), rect(180, -168, 8, 8, P.greyDark));
  }
  return g({ transform: translate(x, groundY, s) }, ...parts);
}

/** A distant row of simple house silhouettes for streets and skylines. */
export function distantHouses(
  x0: number,
  y: number,
  count: number,
  w: number,
  colors: readonly string[],
  roof: string,
): string {
  const items: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const hx = x0 + i * w * 1.25;
    const hh = w * (0.55 + (i % 3) * 0.1);
    items.push(rect(hx, y - hh, w, hh, colors[i % colors.length] ?? P.siding));
    items.push(
      polygon([[hx - 6, y - hh], [hx + w / 2, y - hh - w * 0.45], [hx + w + 6, y - hh]], roof),
    );
    items.push(
      rect(hx + w * 0.2, y - hh * 0.7, w * 0.2, w * 0.2, '#fff', { opacity: 0.6 }),
      rect(hx + w * 0.6, y - hh * 0.7, w * 0.2, w * 0.2, '#fff', { opacity: 0.6 }),
    );
  }
  return g({}, ...items);
}

/** Toronto's skyline: a few towers and the CN Tower, as one soft silhouette. */
export function skyline(x: number, y: number, s: number, color: string): string {
  const towers: readonly [number, number, number][] = [
    [-260, 90, 40], [-215, 150, 46], [-160, 120, 36], [-118, 210, 44], [-66, 170, 40],
    [90, 190, 50], [148, 250, 44], [200, 160, 40], [248, 120, 46], [300, 200, 38], [345, 110, 44],
  ];
  const parts: string[] = towers.map(([tx, th, tw]) => rect(tx, -th, tw, th, color, { rx: 2 }));
  parts.push(
    path(d('M', 18, 0, 'L', 24, -300, 'L', 36, -300, 'L', 42, 0, 'Z'), color),
    ellipse(30, -300, 22, 12, color),
    rect(26, -420, 8, 120, color),
    ellipse(30, -352, 9, 6, color),
    rect(28.5, -470, 3, 60, color),
  );
  return g({ transform: translate(x, y, s) }, ...parts);
}
