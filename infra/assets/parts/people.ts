import { P } from '../palette';
import {
  type Canvas, type Point, circle, d, ellipse, g, path, rect, stroke, translate,
} from '../svg';

export type HairStyle = 'short' | 'long' | 'bun' | 'curly' | 'none';

export interface PersonOptions {
  /** Feet position in the picture and scale (1 ≈ 100 px tall). */
  readonly x: number;
  readonly y: number;
  readonly s: number;
  readonly skin?: string;
  readonly hair?: string;
  readonly hairStyle?: HairStyle;
  readonly shirt?: string;
  readonly pants?: string;
  /** Cap colour; no cap when absent. */
  readonly cap?: string;
  /** A knitted winter hat instead of a cap, and a scarf. */
  readonly toque?: string;
  readonly scarf?: string;
  /** Overalls or apron colour over the shirt. */
  readonly bib?: string;
  readonly gloves?: string;
  /** Hands in the figure's own units: feet at (0, 0), head top near (0, -100). */
  readonly handL?: Point;
  readonly handR?: Point;
  readonly stance?: 'stand' | 'stride' | 'crouch';
  /** Fragments in the figure's units: held tools behind the body, and in front of it. */
  readonly behind?: string;
  readonly front?: string;
  readonly flip?: boolean;
  /** Seen from behind (up a ladder, facing the wall): no face, hair over the head. */
  readonly back?: boolean;
}

const UPPER = 20;
const FORE = 19;

function elbow(shoulder: Point, hand: Point, side: -1 | 1): Point {
  const [sx, sy] = shoulder;
  const [hx, hy] = hand;
  const dx = hx - sx;
  const dy = hy - sy;
  const length = Math.hypot(dx, dy);
  const mx = (sx + hx) / 2;
  const my = (sy + hy) / 2;
  const reach = (UPPER + FORE) / 2;
  if (length >= UPPER + FORE || length === 0) return [mx, my];
  const bend = Math.sqrt(reach * reach - (length / 2) ** 2);
  const px = -dy / length;
  const py = dx / length;
  const a: Point = [mx + px * bend, my + py * bend];
  const b: Point = [mx - px * bend, my - py * bend];
  const score = (p: Point) => side * p[0] + 0.4 * p[1];
  return score(a) >= score(b) ? a : b;
}

/** A friendly flat figure in work clothes; the scene poses the hands and gives the tools. */
export function person(o: PersonOptions): string {
  const skin = o.skin ?? P.skin[1];
  const hair = o.hair ?? P.hair[0];
  const shirt = o.shirt ?? P.brand;
  const pants = o.pants ?? P.navy;
  const stance = o.stance ?? 'stand';
  const drop = stance === 'crouch' ? 14 : 0;
  const handL = o.handL ?? [-16, -40];
  const handR = o.handR ?? [16, -40];
  const shoulderL: Point = [-12, -74 + drop];
  const shoulderR: Point = [12, -74 + drop];

  const legs: Point[][] =
    stance === 'stride'
      ? [[[-6, -42], [-10, -22], [-15, -3]], [[6, -42], [10, -22], [14, -3]]]
      : stance === 'crouch'
        ? [[[-6, -28], [-19, -17], [-12, -3]], [[6, -28], [19, -17], [12, -3]]]
        : [[[-6, -42], [-7, -22], [-8, -3]], [[6, -42], [7, -22], [8, -3]]];
  const parts: string[] = [ellipse(0, 0, 22, 4, '#000', { opacity: 0.14 })];
  if (o.behind !== undefined) parts.push(o.behind);
  const style = o.hairStyle ?? 'short';
  if (style === 'long')
    parts.push(
      path(
        d(
          'M', -12, -92 + drop, 'Q', -13, -72 + drop, -9, -68 + drop, 'L', 9, -68 + drop, 'Q', 13,
          -72 + drop, 12, -92 + drop, 'Z',
        ),
        hair,
      ),
    );
  for (const leg of legs) parts.push(stroke(leg, pants, 9.5));
  for (const leg of legs) {
    const foot = leg[2] ?? [0, 0];
    parts.push(ellipse(foot[0] + (foot[0] < 0 ? -2 : 2), -2.5, 7, 3.8, P.charcoal));
  }
  parts.push(
    g(
      { transform: translate(0, drop) },
      path(
        d(
          'M', -14, -71, 'Q', -14, -78, -7, -78, 'L', 7, -78, 'Q', 14, -78, 14, -71, 'L', 12, -43,
          'Q', 12, -39, 8, -39, 'L', -8, -39, 'Q', -12, -39, -12, -43, 'Z',
        ),
        shirt,
      ),
      rect(-12.5, -45, 25, 7, pants, { rx: 2 }),
      o.bib === undefined
        ? ''
        : g(
            {},
            path(d('M', -8, -64, 'L', 8, -64, 'L', 9, -42, 'L', -9, -42, 'Z'), o.bib),
            stroke([[-7, -64], [-10, -77]], o.bib, 2.6),
            stroke([[7, -64], [10, -77]], o.bib, 2.6),
            rect(-4, -59, 8, 6, '#fff', { opacity: 0.25, rx: 1 }),
          ),
      rect(-3.2, -83, 6.4, 6, skin),
      circle(-10.3, -89, 2.6, skin),
      circle(10.3, -89, 2.6, skin),
      circle(0, -89, 10.5, skin),
      hairShape(style, hair),
      o.back
        ? path(
            d(
              'M', -10.5, -89, 'A', 10.5, 10.5, 0, 0, 1, 10.5, -89, 'Q', 10, -82, 4, -80, 'L', -4,
              -80, 'Q', -10, -82, -10.5, -89, 'Z',
            ),
            hair,
          )
        : '',
      o.cap === undefined
        ? ''
        : g(
            {},
            path(d('M', -11, -90, 'A', 11, 11, 0, 0, 1, 11, -90, 'Z'), o.cap),
            ellipse(3, -90, 12.5, 2.8, o.cap),
            rect(-11, -91.5, 22, 2, '#000', { opacity: 0.15 }),
          ),
      o.toque === undefined
        ? ''
        : g(
            {},
            path(
              d('M', -11.8, -88, 'Q', -12.5, -103, 0, -103, 'Q', 12.5, -103, 11.8, -88, 'Z'),
              o.toque,
            ),
            rect(-12.5, -92, 25, 5, o.toque, { rx: 2.5 }),
            rect(-12.5, -92, 25, 5, '#000', { opacity: 0.12, rx: 2.5 }),
            circle(0, -104, 3.8, P.white),
          ),
      o.scarf === undefined
        ? ''
        : g(
            {},
            rect(-9, -81, 18, 6, o.scarf, { rx: 3 }),
            path(d('M', 3, -77, 'L', 9, -77, 'L', 10, -62, 'L', 5, -62, 'Z'), o.scarf),
          ),
      o.back
        ? ''
        : g(
            {},
            circle(-3.8, -88.5, 1.25, P.charcoal),
            circle(3.8, -88.5, 1.25, P.charcoal),
            circle(-6.2, -85.2, 2, P.coral, { opacity: 0.35 }),
            circle(6.2, -85.2, 2, P.coral, { opacity: 0.35 }),
            path(d('M', -3.4, -84.6, 'Q', 0, -81.6, 3.4, -84.6), 'none', {
              stroke: P.charcoal,
              'stroke-width': 1.2,
              'stroke-linecap': 'round',
            }),
          ),
    ),
  );
  const elbowL = elbow(shoulderL, handL, -1);
  const elbowR = elbow(shoulderR, handR, 1);
  parts.push(
    stroke([shoulderL, elbowL, handL], shirt, 7.5),
    stroke([shoulderR, elbowR, handR], shirt, 7.5),
  );
  if (o.front !== undefined) parts.push(o.front);
  const hand = o.gloves ?? skin;
  parts.push(circle(handL[0], handL[1], 3.9, hand), circle(handR[0], handR[1], 3.9, hand));
  return g({ transform: `${translate(o.x, o.y, o.s)}${o.flip ? ' scale(-1 1)' : ''}` }, ...parts);
}

function hairShape(style: HairStyle, hair: string): string {
  switch (style) {
    case 'none':
      return '';
    case 'short':
      return path(
        d(
          'M', -10.8, -88, 'Q', -12, -101, 0, -100.5, 'Q', 12, -101, 10.8, -88, 'Q', 8, -95, 1, -94,
          'Q', -7, -95, -10.8, -88, 'Z',
        ),
        hair,
      );
    case 'long':
      return path(
        d(
          'M', -11, -86, 'Q', -13, -101, 0, -100.5, 'Q', 13, -101, 11, -86, 'Q', 7, -96, -1, -95,
          'Q', -8, -94, -11, -86, 'Z',
        ),
        hair,
      );
    case 'bun':
      return g(
        {},
        circle(0, -102, 5, hair),
        path(
          d(
            'M', -10.8, -88, 'Q', -12, -101, 0, -100.5, 'Q', 12, -101, 10.8, -88, 'Q', 6, -96,
            -10.8, -88, 'Z',
          ),
          hair,
        ),
      );
    case 'curly':
      return g(
        {},
        circle(-7, -96, 5, hair),
        circle(0, -99, 5.5, hair),
        circle(7, -96, 5, hair),
        circle(-10, -90, 3.6, hair),
        circle(10, -90, 3.6, hair),
      );
  }
}

export interface PortraitOptions {
  readonly skin: string;
  readonly hair: string;
  readonly hairStyle: 'short' | 'long' | 'curly' | 'bun' | 'wavy';
  readonly shirt: string;
  readonly background: readonly [string, string];
  readonly accent: string;
  readonly glasses?: boolean;
  readonly beard?: boolean;
  readonly earrings?: string;
}

/** A square, abstract portrait for testimonials: no real person, just a friendly face. */
export function portrait(c: Canvas, o: PortraitOptions): string {
  const w = c.width;
  const cx = w / 2;
  const parts: string[] = [
    rect(0, 0, w, w, c.linear([[0, o.background[0]], [1, o.background[1]]], 0, 0, 1, 1)),
    circle(w * 0.15, w * 0.2, w * 0.22, o.accent, { opacity: 0.35 }),
    circle(w * 0.88, w * 0.75, w * 0.28, '#fff', { opacity: 0.18 }),
  ];
  const headY = w * 0.43;
  const headR = w * 0.17;
  // Hair behind the head
  if (o.hairStyle === 'long' || o.hairStyle === 'wavy') {
    parts.push(
      path(
        d(
          'M', cx - headR * 1.25, headY - headR * 0.2, 'Q', cx - headR * 1.45, headY + headR * 1.6,
          cx - headR * 0.9, headY + headR * 2.1, 'L', cx + headR * 0.9, headY + headR * 2.1, 'Q',
          cx + headR * 1.45, headY + headR * 1.6, cx + headR * 1.25, headY - headR * 0.2, 'Z',
        ),
        o.hair,
      ),
    );
  }
  if (o.hairStyle === 'curly') {
    for (const [dx, dy, r] of [
      [-1.05, -0.2, 0.45], [1.05, -0.2, 0.45], [-0.95, 0.3, 0.38], [0.95, 0.3, 0.38],
    ] as const)
      parts.push(circle(cx + dx * headR, headY + dy * headR, r * headR, o.hair));
  }
  // Shoulders
  parts.push(
    path(
      d(
        'M', cx - w * 0.36, w, 'Q', cx - w * 0.36, w * 0.69, cx - w * 0.12, w * 0.65, 'L',
        cx + w * 0.12, w * 0.65, 'Q', cx + w * 0.36, w * 0.69, cx + w * 0.36, w, 'Z',
      ),
      o.shirt,
    ),
    path(
      d('M', cx - w * 0.08, w * 0.65, 'L', cx, w * 0.74, 'L', cx + w * 0.08, w * 0.65, 'Z'),
      '#fff',
      { opacity: 0.35 },
    ),
    rect(cx - headR * 0.38, headY + headR * 0.6, headR * 0.76, headR * 1.2, o.skin),
    path(
      d(
        'M', cx - headR * 0.38, headY + headR * 1.3, 'Q', cx, headY + headR * 1.55,
        cx + headR * 0.38, headY + headR * 1.3, 'L', cx + headR * 0.38, headY + headR * 1.1, 'L',
        cx - headR * 0.38, headY + headR * 1.1, 'Z',
      ),
      '#000',
      { opacity: 0.1 },
    ),
    circle(cx - headR * 0.98, headY + headR * 0.05, headR * 0.2, o.skin),
    circle(cx + headR * 0.98, headY + headR * 0.05, headR * 0.2, o.skin),
    ellipse(cx, headY, headR, headR * 1.12, o.skin),
  );
  if (o.earrings !== undefined)
    parts.push(
      circle(cx - headR * 1.0, headY + headR * 0.32, headR * 0.09, o.earrings),
      circle(cx + headR * 1.0, headY + headR * 0.32, headR * 0.09, o.earrings),
    );
  // Hair on top
  switch (o.hairStyle) {
    case 'short':
      parts.push(
        path(
          d(
            'M', cx - headR * 1.02, headY - headR * 0.05, 'Q', cx - headR * 1.15,
            headY - headR * 1.35, cx, headY - headR * 1.3, 'Q', cx + headR * 1.15,
            headY - headR * 1.3, cx + headR * 1.02, headY - headR * 0.1, 'Q', cx + headR * 0.7,
            headY - headR * 0.75, cx + headR * 0.1, headY - headR * 0.72, 'Q', cx - headR * 0.6,
            headY - headR * 0.7, cx - headR * 1.02, headY - headR * 0.05, 'Z',
          ),
          o.hair,
        ),
      );
      break;
    case 'bun':
      parts.push(circle(cx, headY - headR * 1.35, headR * 0.42, o.hair));
      parts.push(
        path(
          d(
            'M', cx - headR * 1.02, headY, 'Q', cx - headR * 1.1, headY - headR * 1.25, cx,
            headY - headR * 1.15, 'Q', cx + headR * 1.1, headY - headR * 1.25, cx + headR * 1.02,
            headY, 'Q', cx + headR * 0.5, headY - headR * 0.8, cx - headR * 1.02, headY, 'Z',
          ),
          o.hair,
        ),
      );
      break;
    case 'curly':
      for (const [dx, dy] of [
        [-0.75, -0.75], [-0.25, -1.0], [0.3, -1.0], [0.78, -0.72], [-1.0, -0.3], [1.0, -0.3],
        [0, -0.85],
      ] as const)
        parts.push(circle(cx + dx * headR, headY + dy * headR, headR * 0.38, o.hair));
      break;
    case 'long':
    case 'wavy':
      parts.push(
        path(
          d(
            'M', cx - headR * 1.1, headY + headR * 0.4, 'Q', cx - headR * 1.2, headY - headR * 1.3,
            cx, headY - headR * 1.22, 'Q', cx + headR * 1.2, headY - headR * 1.3, cx + headR * 1.1,
            headY + headR * 0.4, 'Q', cx + headR * 0.9, headY - headR * 0.6, cx + headR * 0.1,
            headY - headR * 0.78, 'Q', cx - headR * 0.5, headY - headR * 0.4, cx - headR * 1.1,
            headY + headR * 0.4, 'Z',
          ),
          o.hair,
        ),
      );
      break;
  }
  if (o.beard) {
    parts.push(
      path(
        d(
          'M', cx - headR * 0.95, headY + headR * 0.1, 'Q', cx - headR * 0.8, headY + headR * 1.25,
          cx, headY + headR * 1.2, 'Q', cx + headR * 0.8, headY + headR * 1.25, cx + headR * 0.95,
          headY + headR * 0.1, 'Q', cx + headR * 0.6, headY + headR * 0.75, cx,
          headY + headR * 0.62, 'Q', cx - headR * 0.6, headY + headR * 0.75, cx - headR * 0.95,
          headY + headR * 0.1, 'Z',
        ),
        o.hair,
      ),
    );
  }
  // Face: closed, smiling eyes keep it warm and abstract.
  const eyeY = headY + headR * 0.05;
  const line = {
    stroke: P.charcoal,
    'stroke-width': headR * 0.08,
    'stroke-linecap': 'round',
    fill: 'none',
  };
  parts.push(
    path(
      d(
        'M', cx - headR * 0.5, eyeY, 'Q', cx - headR * 0.35, eyeY - headR * 0.16, cx - headR * 0.2,
        eyeY,
      ),
      'none',
      line,
    ),
    path(
      d(
        'M', cx + headR * 0.2, eyeY, 'Q', cx + headR * 0.35, eyeY - headR * 0.16, cx + headR * 0.5,
        eyeY,
      ),
      'none',
      line,
    ),
    circle(cx - headR * 0.55, headY + headR * 0.35, headR * 0.14, P.coral, { opacity: 0.35 }),
    circle(cx + headR * 0.55, headY + headR * 0.35, headR * 0.14, P.coral, { opacity: 0.35 }),
    path(
      d(
        'M',
        cx - headR * 0.3,
        headY + headR * 0.45,
        'Q',
        cx,
        headY + headR * (o.beard ? 0.62 : 0.7),
        cx + headR * 0.3,
        headY + headR * 0.45,
      ),
      o.beard ? P.white : P.charcoal,
      o.beard ? { opacity: 0.9 } : line,
    ),
  );
  if (o.glasses) {
    const gl = { stroke: P.charcoal, 'stroke-width': headR * 0.07, fill: 'none' };
    parts.push(
      circle(cx - headR * 0.36, eyeY, headR * 0.25, 'none', gl),
      circle(cx + headR * 0.36, eyeY, headR * 0.25, 'none', gl),
      path(d('M', cx - headR * 0.11, eyeY, 'L', cx + headR * 0.11, eyeY), 'none', gl),
    );
  }
  return g({}, ...parts);
}

/** A point of the picture in a figure's own units, to put its hands on something in the scene. */
export function local(
  figure: { readonly x: number; readonly y: number; readonly s: number },
  point: Point,
): Point {
  return [(point[0] - figure.x) / figure.s, (point[1] - figure.y) / figure.s];
}
