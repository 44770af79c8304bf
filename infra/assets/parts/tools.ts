import { P } from '../palette';
import { leafShape } from './nature';
import { type Point, circle, d, ellipse, g, path, polygon, rect, stroke, translate } from '../svg';

export type HeadKind =
  | 'shovel'
  | 'snow-shovel'
  | 'rake'
  | 'leaf-rake'
  | 'broom'
  | 'mop'
  | 'roller'
  | 'squeegee'
  | 'wand'
  | 'brush'
  | 'scoop'
  | 'weeder'
  | 'trowel'
  | 'vacuum';

/**
 * A long-handled tool from the grip (`from`) to its working end (`to`). The head is drawn in a
 * frame where the handle arrives from above, so the same tool works at any angle.
 */
export function tool(
  kind: HeadKind,
  from: Point,
  to: Point,
  width = 4,
  handle: string = P.woodDark,
  paint: string = P.brand,
): string {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const angle = (Math.atan2(dy, dx) * 180) / Math.PI - 90;
  const length = Math.hypot(dx, dy);
  const ux = dx / length;
  const uy = dy / length;
  const start: Point = [from[0] - ux * 8, from[1] - uy * 8];
  return g(
    {},
    stroke([start, to], handle, width),
    g({ transform: translate(to[0], to[1], 1, angle) }, head(kind, width, paint)),
  );
}

function head(kind: HeadKind, w: number, paint: string): string {
  switch (kind) {
    case 'shovel':
      return g(
        {},
        rect(-2, -3, 4, 7, P.greyDark),
        path(
          d('M', -8, 3, 'L', 8, 3, 'L', 8, 16, 'Q', 8, 24, 0, 28, 'Q', -8, 24, -8, 16, 'Z'),
          P.grey,
        ),
        path(d('M', 1, 4, 'L', 7, 4, 'L', 7, 16, 'Q', 7, 21, 1, 25, 'Z'), '#fff', {
          opacity: 0.25,
        }),
      );
    case 'snow-shovel':
      return g(
        {},
        rect(-3, -4, 6, 10, P.charcoal),
        path(d('M', -19, 4, 'L', 19, 4, 'L', 22, 26, 'Q', 0, 31, -22, 26, 'Z'), paint),
        rect(-19, 4, 38, 4, '#000', { opacity: 0.15 }),
        path(
          d('M', -22, 26, 'Q', 0, 31, 22, 26, 'L', 22, 29, 'Q', 0, 34, -22, 29, 'Z'),
          P.greyLight,
        ),
      );
    case 'rake':
      return g(
        {},
        rect(-22, 0, 44, 5, P.greyDark, { rx: 2 }),
        ...[-19, -11.5, -4, 4, 11.5, 19].map((x) => stroke([[x, 4], [x, 14]], P.greyDark, 2.2)),
      );
    case 'leaf-rake': {
      const tines: string[] = [];
      for (let i = -5; i <= 5; i += 1)
        tines.push(stroke([[0, 0], [i * 4.4, 40]], P.brandDark, 2));
      return g(
        {},
        ...tines,
        path(d('M', -24, 40, 'Q', 0, 46, 24, 40), 'none', {
          stroke: P.brandDark,
          'stroke-width': 3,
        }),
        rect(-4, -4, 8, 10, P.brandDark, { rx: 2 }),
      );
    }
    case 'broom':
      return g(
        {},
        rect(-10, 0, 20, 8, paint, { rx: 2 }),
        path(d('M', -10, 8, 'L', 10, 8, 'L', 18, 36, 'L', -18, 36, 'Z'), P.warmLight),
        ...[-10, -4, 2, 8].map((x) => stroke([[x * 0.6, 10], [x, 34]], P.warm, 1.4)),
      );
    case 'mop':
      return g(
        {},
        rect(-6, -2, 12, 8, paint, { rx: 2 }),
        ...[-12, -7, -2, 3, 8, 13].map((x, i) =>
          path(d('M', x * 0.4, 4, 'Q', x * 0.9 + (i % 2 === 0 ? -3 : 3), 20, x, 34), 'none', {
            stroke: P.offWhite,
            'stroke-width': 5,
            'stroke-linecap': 'round',
          }),
        ),
      );
    case 'roller':
      return g(
        {},
        stroke([[0, -2], [0, 6], [-24, 8]], P.greyDark, 2.6),
        rect(-34, 4, 30, 14, paint, { rx: 6 }),
        rect(-34, 4, 30, 4, '#fff', { opacity: 0.25, rx: 2 }),
      );
    case 'squeegee':
      return g(
        {},
        rect(-4, -4, 8, 8, P.charcoal, { rx: 2 }),
        rect(-26, 2, 52, 6, P.greyDark, { rx: 2 }),
        rect(-26, 7, 52, 4, P.charcoal, { rx: 2 }),
      );
    case 'wand':
      return g({}, rect(-3, -4, 6, 12, P.charcoal, { rx: 2 }), rect(-2, 8, 4, 6, P.warm));
    case 'brush':
      return g(
        {},
        rect(-w * 1.3, -2, w * 2.6, 8, P.greyLight, { rx: 1.5 }),
        path(
          d('M', -w * 1.3, 6, 'L', w * 1.3, 6, 'L', w * 1.1, 20, 'Q', 0, 24, -w * 1.1, 20, 'Z'),
          paint,
        ),
      );
    case 'scoop':
      return g(
        {},
        path(d('M', -10, 0, 'L', 10, 0, 'L', 8, 18, 'Q', 0, 24, -8, 18, 'Z'), P.coral),
        rect(-10, 0, 20, 4, '#000', { opacity: 0.15 }),
      );
    case 'weeder':
      return g(
        {},
        rect(-2.5, -2, 5, 8, P.greyDark),
        path(
          d(
            'M', -2.5, 6, 'L', 2.5, 6, 'L', 2.5, 22, 'L', 5, 28, 'L', 1, 25, 'L', -1, 25, 'L', -5,
            28, 'L', -2.5, 22, 'Z',
          ),
          P.grey,
        ),
      );
    case 'vacuum':
      return g(
        {},
        rect(-7, -36, 14, 34, paint, { rx: 6 }),
        rect(-4, -32, 8, 14, '#fff', { opacity: 0.3, rx: 3 }),
        rect(-3, -2, 6, 5, P.charcoal),
        rect(-15, 3, 30, 7, P.charcoal, { rx: 3.5 }),
        circle(-10, 10, 2.2, P.greyDark),
        circle(10, 10, 2.2, P.greyDark),
      );
    case 'trowel':
      return g(
        {},
        rect(-2.5, -2, 5, 8, P.greyDark),
        path(d('M', -7, 6, 'L', 7, 6, 'Q', 9, 18, 0, 28, 'Q', -9, 18, -7, 6, 'Z'), P.grey),
      );
  }
}

/** A bucket standing on `y`, ≈ 80·s wide; optional soapy water. */
export function bucket(
  x: number,
  y: number,
  s: number,
  color: string = P.blue,
  water = true,
): string {
  const parts: string[] = [
    ellipse(0, 0, 46, 7, '#000', { opacity: 0.12 }),
    path(d('M', -40, -68, 'A', 40, 18, 0, 0, 1, 40, -68), 'none', {
      stroke: P.greyDark,
      'stroke-width': 3.5,
    }),
    path(d('M', -40, -68, 'L', 40, -68, 'L', 32, -4, 'Q', 0, 4, -32, -4, 'Z'), color),
    path(d('M', 12, -66, 'L', 30, -66, 'L', 24, -6, 'L', 10, -3, 'Z'), '#000', { opacity: 0.1 }),
    rect(-42, -72, 84, 9, color, { rx: 4 }),
    rect(-42, -72, 84, 3, '#fff', { opacity: 0.3, rx: 2 }),
  ];
  if (water) {
    parts.push(ellipse(0, -70, 36, 4.5, '#d8f1fb'));
    for (const [bx, by, r] of [
      [-22, -76, 9], [-8, -80, 12], [8, -78, 10], [22, -75, 8], [-2, -90, 7], [16, -88, 6],
    ] as const)
      parts.push(
        circle(bx, by, r, P.white, { opacity: 0.95 }),
        circle(bx - r * 0.3, by - r * 0.3, r * 0.25, '#bfe6fa'),
      );
  }
  return g({ transform: translate(x, y, s) }, ...parts);
}

/** A trigger spray bottle standing on `y`, ≈ 120·s tall. */
export function sprayBottle(
  x: number,
  y: number,
  s: number,
  color: string = P.brandLight,
  label: string = P.white,
  flip = false,
): string {
  return g(
    { transform: `${translate(x, y, s)}${flip ? ' scale(-1 1)' : ''}` },
    ellipse(0, 0, 26, 4, '#000', { opacity: 0.12 }),
    path(
      d(
        'M', -22, -70, 'Q', -24, -40, -22, -6, 'Q', -22, 0, -16, 0, 'L', 16, 0, 'Q', 22, 0, 22, -6,
        'Q', 24, -40, 22, -70, 'Q', 20, -80, 10, -82, 'L', -10, -82, 'Q', -20, -80, -22, -70, 'Z',
      ),
      color,
    ),
    rect(-16, -56, 32, 34, label, { rx: 4, opacity: 0.95 }),
    path(d('M', -6, -46, 'Q', 0, -54, 6, -46, 'Q', 0, -36, -6, -46, 'Z'), P.brand),
    stroke([[-8, -30], [8, -30]], P.grey, 2.5),
    rect(-8, -94, 16, 14, P.charcoal, { rx: 2 }),
    path(
      d(
        'M', -10, -94, 'L', -10, -110, 'Q', -10, -116, -4, -116, 'L', 28, -116, 'L', 30, -106, 'L',
        8, -104, 'L', 8, -94, 'Z',
      ),
      P.white,
    ),
    rect(26, -114, 8, 8, P.charcoal, { rx: 1 }),
    path(
      d('M', -2, -104, 'Q', -8, -92, -4, -84, 'L', 0, -84, 'Q', -4, -92, 2, -100, 'Z'),
      P.greyDark,
    ),
  );
}

/** A paint can, open with a dripping lid edge, standing on `y`; ≈ 90·s wide. */
export function paintCan(x: number, y: number, s: number, paint: string, open = true): string {
  return g(
    { transform: translate(x, y, s) },
    ellipse(0, 0, 52, 8, '#000', { opacity: 0.12 }),
    rect(-44, -92, 88, 90, P.greyLight, { rx: 6 }),
    rect(-44, -70, 88, 46, P.white),
    rect(-44, -70, 88, 46, paint, { opacity: 0.18 }),
    circle(0, -47, 16, paint),
    rect(18, -90, 22, 88, '#000', { opacity: 0.07 }),
    ellipse(0, -92, 44, 10, open ? paint : P.grey),
    open ? ellipse(0, -92, 36, 7, '#fff', { opacity: 0.15 }) : '',
    open
      ? path(d('M', -30, -88, 'Q', -32, -74, -28, -64, 'Q', -24, -74, -24, -86, 'Z'), paint)
      : '',
    path(d('M', -44, -92, 'A', 50, 30, 0, 0, 1, 44, -92), 'none', {
      stroke: P.greyDark,
      'stroke-width': 2.5,
    }),
  );
}

/** A ladder between two points (feet to top), `w` wide. */
export function ladder(
  from: Point,
  to: Point,
  w: number,
  color: string = P.grey,
  rungs = 8,
): string {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const length = Math.hypot(dx, dy);
  const nx = (-dy / length) * (w / 2);
  const ny = (dx / length) * (w / 2);
  const parts: string[] = [];
  for (let i = 1; i <= rungs; i += 1) {
    const t = i / (rungs + 1);
    const cx = from[0] + dx * t;
    const cy = from[1] + dy * t;
    parts.push(stroke([[cx - nx, cy - ny], [cx + nx, cy + ny]], color, w * 0.14));
  }
  parts.push(
    stroke([[from[0] - nx, from[1] - ny], [to[0] - nx, to[1] - ny]], color, w * 0.18),
    stroke([[from[0] + nx, from[1] + ny], [to[0] + nx, to[1] + ny]], color, w * 0.18),
    stroke(
      [[from[0] + nx * 0.8, from[1] + ny * 0.8], [to[0] + nx * 0.8, to[1] + ny * 0.8]],
      '#fff',
      w * 0.05,
      { opacity: 0.5 },
    ),
  );
  return g({}, ...parts);
}

/** A fan of water from a nozzle at `origin` towards `target`, with droplets. */
export function waterSpray(origin: Point, target: Point, spread: number, seedOffset = 0): string {
  const dx = target[0] - origin[0];
  const dy = target[1] - origin[1];
  const length = Math.hypot(dx, dy);
  const nx = (-dy / length) * spread;
  const ny = (dx / length) * spread;
  const parts: string[] = [
    polygon([origin, [target[0] - nx, target[1] - ny], [target[0] + nx, target[1] + ny]], P.water, {
      opacity: 0.55,
    }),
    polygon(
      [
        origin, [target[0] - nx * 0.45, target[1] - ny * 0.45],
        [target[0] + nx * 0.45, target[1] + ny * 0.45],
      ],
      P.white,
      { opacity: 0.6 },
    ),
  ];
  for (let i = 0; i < 14; i += 1) {
    const t = 0.55 + ((i * 37 + seedOffset) % 45) / 100;
    const side = (((i * 53 + seedOffset) % 21) - 10) / 10;
    parts.push(
      circle(
        origin[0] + dx * t + nx * side * t * 1.3,
        origin[1] + dy * t + ny * side * t * 1.3,
        2 + (i % 3) * 1.5,
        P.water,
        { opacity: 0.85 },
      ),
    );
  }
  return g({}, ...parts);
}

/** A wheelbarrow facing right, wheel at (x, y); the load colour fills the tray. */
export function wheelbarrow(
  x: number,
  y: number,
  s: number,
  load: string = P.leaf,
  loadDark: string = P.leafDark,
): string {
  return g(
    { transform: translate(x, y, s) },
    ellipse(-60, 22, 90, 8, '#000', { opacity: 0.12 }),
    stroke([[-150, -30], [-30, -10], [0, 0]], P.greyDark, 6),
    stroke([[-110, -20], [-118, 20]], P.greyDark, 6),
    path(
      d(
        'M', -138, -50, 'Q', -130, -88, -92, -88, 'Q', -66, -112, -40, -88, 'Q', -8, -86, -12, -54,
        'Z',
      ),
      load,
    ),
    path(d('M', -100, -52, 'Q', -90, -80, -66, -96, 'Q', -50, -80, -46, -52, 'Z'), loadDark, {
      opacity: 0.5,
    }),
    leafShape(-110, -86, 1.4, -30, loadDark),
    leafShape(-70, -104, 1.3, 40, P.grassLight),
    leafShape(-40, -90, 1.2, -70, loadDark),
    leafShape(-124, -70, 1.1, 60, P.grassLight),
    path(d('M', -140, -50, 'L', -10, -56, 'L', -30, -12, 'L', -110, -10, 'Z'), P.brand),
    path(d('M', -140, -50, 'L', -10, -56, 'L', -12, -50, 'L', -138, -44, 'Z'), '#fff', {
      opacity: 0.2,
    }),
    circle(0, 0, 20, P.charcoal),
    circle(0, 0, 7, P.greyLight),
  );
}

/** A push lawnmower facing right, wheels on `y`; the grip is at (-129, -106)·s. */
export function lawnmower(x: number, y: number, s: number): string {
  return g(
    { transform: translate(x, y, s) },
    ellipse(0, 0, 80, 8, '#000', { opacity: 0.12 }),
    stroke([[-40, -40], [-130, -104]], P.charcoal, 5),
    stroke([[-120, -118], [-138, -94]], P.charcoal, 6),
    path(
      d('M', -62, -12, 'Q', -64, -52, -20, -56, 'L', 40, -56, 'Q', 70, -52, 72, -12, 'Z'),
      P.coral,
    ),
    rect(-20, -76, 44, 22, P.charcoal, { rx: 6 }),
    rect(-14, -84, 12, 10, P.greyDark, { rx: 3 }),
    path(d('M', -62, -12, 'L', 72, -12, 'L', 72, -22, 'L', -62, -22, 'Z'), '#000', {
      opacity: 0.12,
    }),
    path(d('M', -95, -30, 'L', -62, -40, 'L', -60, -10, 'L', -92, -6, 'Z'), P.brand),
    circle(-44, -8, 15, P.charcoal),
    circle(-44, -8, 6, P.greyLight),
    circle(54, -8, 15, P.charcoal),
    circle(54, -8, 6, P.greyLight),
  );
}

/** A clipboard with a checklist, standing upright centred on (x, y); ≈ 200·s tall. */
export function clipboard(x: number, y: number, s: number, rotate = 0, checks = 4): string {
  const rows: string[] = [];
  for (let i = 0; i < checks; i += 1) {
    const ry = -40 + i * 34;
    rows.push(
      rect(-52, ry - 10, 20, 20, P.white, { stroke: P.brand, 'stroke-width': 3, rx: 4 }),
      stroke([[-48, ry], [-43, ry + 6], [-34, ry - 7]], P.brand, 4),
      rect(-22, ry - 5, 70 - (i % 2) * 22, 10, P.greyLight, { rx: 5 }),
    );
  }
  return g(
    { transform: translate(x, y, s, rotate) },
    rect(-76, -100, 152, 204, P.woodDark, { rx: 12 }),
    rect(-66, -84, 132, 178, P.paper, { rx: 4 }),
    rect(-30, -108, 60, 26, P.greyDark, { rx: 8 }),
    rect(-20, -104, 40, 8, P.greyLight, { rx: 4 }),
    rect(-52, -68, 80, 12, P.brand, { rx: 6 }),
    ...rows,
  );
}

/** A toolbox with a hammer and a screwdriver poking out, standing on `y`; ≈ 160·s wide. */
export function toolbox(x: number, y: number, s: number, color: string = P.coral): string {
  return g(
    { transform: translate(x, y, s) },
    ellipse(0, 0, 92, 8, '#000', { opacity: 0.12 }),
    stroke([[-20, -96], [30, -150]], P.woodDark, 8),
    path(d('M', 22, -158, 'L', 50, -132, 'L', 42, -124, 'L', 14, -150, 'Z'), P.greyDark),
    stroke([[-50, -90], [-64, -140]], P.warm, 9),
    stroke([[-64, -140], [-68, -160]], P.grey, 3),
    path(
      d('M', -40, -110, 'Q', -40, -126, -24, -126, 'L', 24, -126, 'Q', 40, -126, 40, -110),
      'none',
      { stroke: P.charcoal, 'stroke-width': 7 },
    ),
    rect(-80, -96, 160, 94, color, { rx: 8 }),
    rect(-80, -96, 160, 22, '#000', { opacity: 0.12, rx: 8 }),
    rect(-12, -80, 24, 14, P.greyLight, { rx: 3 }),
    rect(30, -94, 48, 90, '#000', { opacity: 0.07 }),
  );
}

export function hammer(x: number, y: number, s: number, rotate = 0): string {
  return g(
    { transform: translate(x, y, s, rotate) },
    rect(-5, -10, 10, 90, P.wood, { rx: 4 }),
    path(
      d('M', -28, -26, 'L', 22, -26, 'Q', 34, -22, 34, -12, 'L', 22, -10, 'L', -28, -10, 'Z'),
      P.greyDark,
    ),
    path(d('M', -28, -26, 'L', -38, -34, 'L', -36, -18, 'L', -28, -12, 'Z'), P.greyDark),
  );
}

export function saw(x: number, y: number, s: number, rotate = 0): string {
  const teeth: string[] = [];
  for (let i = 0; i < 14; i += 1)
    teeth.push(polygon([[20 + i * 10, 22], [25 + i * 10, 30], [30 + i * 10, 22]], P.grey));
  return g(
    { transform: translate(x, y, s, rotate) },
    path(d('M', 14, -10, 'L', 160, 6, 'L', 160, 22, 'L', 14, 22, 'Z'), P.greyLight),
    ...teeth,
    path(
      d(
        'M', -30, -20, 'Q', -34, 24, -10, 28, 'L', 20, 28, 'L', 20, -20, 'Q', -6, -30, -30, -20,
        'Z',
      ),
      P.coral,
    ),
    ellipse(-6, 4, 9, 14, P.cream),
  );
}

export function tapeMeasure(x: number, y: number, s: number, tape = 120): string {
  return g(
    { transform: translate(x, y, s) },
    rect(0, -10, tape, 10, P.warmLight),
    ...Array.from({ length: Math.floor(tape / 10) }, (_, i) =>
      rect(8 + i * 10, -10, 1.5, i % 2 === 0 ? 6 : 3, P.charcoal),
    ),
    rect(tape - 2, -14, 6, 14, P.greyDark),
    rect(-44, -44, 50, 44, P.warm, { rx: 10 }),
    circle(-19, -22, 12, P.charcoal),
    circle(-19, -22, 5, P.warmLight),
  );
}

/** A hard hat, brim on `y`. */
export function hardHat(x: number, y: number, s: number, color: string = P.warm): string {
  return g(
    { transform: translate(x, y, s) },
    ellipse(0, 0, 62, 10, '#000', { opacity: 0.15 }),
    ellipse(0, -6, 62, 10, color),
    path(d('M', -44, -8, 'Q', -44, -62, 0, -64, 'Q', 44, -62, 44, -8, 'Z'), color),
    rect(-7, -64, 14, 56, '#fff', { opacity: 0.25, rx: 6 }),
    path(d('M', -30, -48, 'Q', -20, -58, -8, -60), 'none', {
      stroke: '#fff',
      'stroke-width': 4,
      opacity: 0.4,
      'stroke-linecap': 'round',
    }),
  );
}

/** A paper seed or salt sack standing on `y`. */
export function sack(x: number, y: number, s: number, color: string, mark: string): string {
  return g(
    { transform: translate(x, y, s) },
    ellipse(0, 0, 48, 7, '#000', { opacity: 0.12 }),
    path(
      d(
        'M', -40, -2, 'Q', -46, -60, -36, -110, 'L', -28, -118, 'L', 28, -118, 'L', 36, -110, 'Q',
        46, -60, 40, -2, 'Q', 0, 4, -40, -2, 'Z',
      ),
      color,
    ),
    path(d('M', -36, -110, 'L', -28, -118, 'L', 28, -118, 'L', 36, -110, 'Z'), '#000', {
      opacity: 0.15,
    }),
    circle(0, -58, 22, P.white, { opacity: 0.9 }),
    mark,
  );
}

/** A watering can, base on `y`, spout to the right. */
export function wateringCan(x: number, y: number, s: number, color: string = P.blue): string {
  return g(
    { transform: translate(x, y, s) },
    ellipse(0, 0, 50, 7, '#000', { opacity: 0.12 }),
    path(d('M', 30, -50, 'L', 90, -92, 'L', 96, -84, 'L', 36, -30, 'Z'), color),
    rect(84, -104, 22, 14, color, { rx: 3, transform: 'rotate(-35 95 -97)' }),
    path(d('M', -30, -70, 'Q', -10, -100, 20, -70), 'none', { stroke: color, 'stroke-width': 9 }),
    rect(-42, -74, 84, 74, color, { rx: 12 }),
    rect(14, -72, 22, 70, '#000', { opacity: 0.1, rx: 8 }),
    rect(-36, -58, 72, 8, '#fff', { opacity: 0.25, rx: 4 }),
  );
}

/** A terracotta pot with a plant, standing on `y`. */
export function pottedPlant(
  x: number,
  y: number,
  s: number,
  pot: string = P.terracotta,
  plant: string = P.leaf,
): string {
  return g(
    { transform: translate(x, y, s) },
    ellipse(0, 0, 38, 6, '#000', { opacity: 0.12 }),
    ...[-60, -30, 0, 30, 60].map((a) =>
      ellipse(0, -70, 12, 40, plant, { transform: `rotate(${String(a)} 0 -40)` }),
    ),
    ellipse(0, -70, 10, 36, P.leafDark, { transform: 'rotate(-12 0 -40)', opacity: 0.6 }),
    path(d('M', -34, -46, 'L', 34, -46, 'L', 26, 0, 'L', -26, 0, 'Z'), pot),
    rect(-38, -52, 76, 12, pot, { rx: 3 }),
    rect(-38, -44, 76, 4, '#000', { opacity: 0.15 }),
  );
}

/** A cordless drill, pointing right, grip centred on (x, y). */
export function drill(x: number, y: number, s: number, rotate = 0): string {
  return g(
    { transform: translate(x, y, s, rotate) },
    rect(-8, -6, 16, 40, P.charcoal, { rx: 5 }),
    rect(-14, 30, 28, 16, P.warm, { rx: 4 }),
    path(
      d(
        'M', -18, -26, 'L', 26, -26, 'Q', 32, -26, 32, -18, 'L', 32, -8, 'Q', 32, 0, 26, 0, 'L',
        -18, 0, 'Q', -24, 0, -24, -13, 'Q', -24, -26, -18, -26, 'Z',
      ),
      P.warm,
    ),
    rect(32, -18, 10, 10, P.charcoal, { rx: 2 }),
    rect(42, -15, 22, 4, P.grey),
  );
}

/** A compact excavator facing left, tracks on `y`; the bucket reaches down to (-250, 40)·s. */
export function excavator(x: number, y: number, s: number): string {
  return g(
    { transform: translate(x, y, s) },
    ellipse(0, 0, 140, 12, '#000', { opacity: 0.15 }),
    rect(-120, -44, 240, 44, P.charcoal, { rx: 22 }),
    ...[-90, -45, 0, 45, 90].map((wx) => circle(wx, -22, 14, P.greyDark)),
    rect(-80, -70, 170, 30, P.warm, { rx: 6 }),
    path(
      d(
        'M', -20, -70, 'L', -20, -190, 'Q', -20, -200, -10, -200, 'L', 60, -200, 'Q', 90, -200, 90,
        -170, 'L', 90, -70, 'Z',
      ),
      P.warm,
    ),
    path(
      d('M', -6, -186, 'L', 50, -186, 'Q', 70, -186, 74, -166, 'L', 74, -120, 'L', -6, -120, 'Z'),
      P.navy,
      { opacity: 0.8 },
    ),
    path(d('M', 0, -180, 'L', 20, -180, 'L', 0, -150, 'Z'), '#fff', { opacity: 0.3 }),
    rect(90, -130, 40, 60, P.warm, { rx: 6 }),
    stroke([[-30, -110], [-170, -190], [-250, -40]], P.warm, 24),
    stroke([[-60, -120], [-150, -170]], P.greyDark, 8),
    path(d('M', -262, -52, 'L', -226, -40, 'L', -236, 0, 'Q', -262, 10, -282, -6, 'Z'), P.greyDark),
    ...[-276, -262, -248].map((tx) => polygon([[tx, -2], [tx + 8, 0], [tx + 2, 10]], P.greyDark)),
    circle(-170, -190, 9, P.greyDark),
    circle(-30, -110, 9, P.greyDark),
  );
}
