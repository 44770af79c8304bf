/**
 * A tiny SVG writer for the illustrations: elements as strings, numbers rounded so the files are
 * small and byte-identical on every run, and gradients collected per picture with their own ids.
 */

export type Attrs = Readonly<Record<string, string | number | undefined>>;

/** One decimal is below what the eye sees at 1920 px and keeps the SVG short. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function attrs(list: Attrs): string {
  return Object.entries(list)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? n(value) : value}"`)
    .join('');
}

export function el(tag: string, list: Attrs, children = ''): string {
  return children === '' ? `<${tag}${attrs(list)}/>` : `<${tag}${attrs(list)}>${children}</${tag}>`;
}

export function g(list: Attrs, ...children: string[]): string {
  return el('g', list, children.join(''));
}

export function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  extra: Attrs = {},
): string {
  return el('rect', { x, y, width, height, fill, ...extra });
}

export function circle(cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string {
  return el('circle', { cx, cy, r, fill, ...extra });
}

export function ellipse(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra: Attrs = {},
): string {
  return el('ellipse', { cx, cy, rx, ry, fill, ...extra });
}

export function path(d: string, fill: string, extra: Attrs = {}): string {
  return el('path', { d, fill, ...extra });
}

export type Point = readonly [number, number];

export function polygon(points: readonly Point[], fill: string, extra: Attrs = {}): string {
  return el('polygon', {
    points: points.map(([x, y]) => `${n(x)},${n(y)}`).join(' '),
    fill,
    ...extra,
  });
}

/** An open stroked line through the points, with round ends (arms, handles, stems). */
export function stroke(
  points: readonly Point[],
  color: string,
  width: number,
  extra: Attrs = {},
): string {
  return el('polyline', {
    points: points.map(([x, y]) => `${n(x)},${n(y)}`).join(' '),
    fill: 'none',
    stroke: color,
    'stroke-width': width,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    ...extra,
  });
}

/** A path string builder, so shapes read as moves rather than one long template. */
export function d(...parts: readonly (string | number)[]): string {
  return parts.map((part) => (typeof part === 'number' ? n(part) : part)).join(' ');
}

export const translate = (x: number, y: number, scale = 1, rotate = 0): string =>
  [
    `translate(${n(x)} ${n(y)})`,
    rotate === 0 ? '' : `rotate(${n(rotate)})`,
    scale === 1 ? '' : `scale(${n(scale)})`,
  ]
    .filter(Boolean)
    .join(' ');

type Stop = readonly [offset: number, color: string, opacity?: number];

/** One picture: its size, and the gradients its parts ask for. */
export class Canvas {
  private readonly defs: string[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** A linear gradient from (x1, y1) to (x2, y2) in the shape's own box (0..1); `url(#id)`. */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    return this.define('linearGradient', { x1, y1, x2, y2 }, stops);
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    return this.define('radialGradient', { cx, cy, r }, stops);
  }

  /** A clip path in user space; use as `clip-path` on a group. */
  clip(shape: string): string {
    const id = `c${String(this.defs.length)}`;
    this.defs.push(el('clipPath', { id }, shape));
    return `url(#${id})`;
  }

  document(body: string, outWidth = this.width, outHeight = this.height): string {
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${n(outWidth)}" height="${n(outHeight)}"`,
      ` viewBox="0 0 ${n(this.width)} ${n(this.height)}">`,
      this.defs.length > 0 ? `<defs>${this.defs.join('')}</defs>` : '',
      body,
      '</svg>',
    ].join('');
  }

  private define(tag: string, list: Attrs, stops: readonly Stop[]): string {
    const id = `g${String(this.defs.length)}`;
    const children = stops
      .map(([offset, color, opacity]) =>
        el('stop', { offset, 'stop-color': color, 'stop-opacity': opacity }),
      )
      .join('');
    this.defs.push(el(tag, { id, ...list }, children));
    return `url(#${id})`;
  }
}

/** Mulberry32: a small seeded generator, so scattered leaves and snow land in the same places. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value between low and high from the generator. */
export function between(random: () => number, low: number, high: number): number {
  return low + (high - low) * random();
}
