/**
 * The plain SVG files: four fictional partner logos (icon + wordmark) and the neutral placeholder
 * shown when a picture cannot be loaded. Text stays text so the logos stay crisp and tiny.
 */
import { P } from './palette';
import { circle, d, el, g, path, rect, stroke } from './svg';

const FONT = "'Inter', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Room for the wordmark: about 0.62 em a letter in a bold sans, plus the icon and a margin. */
function logo(title: string, icon: string, color: string): string {
  const width = 84 + Math.ceil(title.length * 24 * 0.62) + 12;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${String(width)} 80" width="${String(width)}" height="80" role="img" aria-label="${title}">`,
    el('title', {}, title),
    icon,
    el(
      'text',
      {
        x: 84,
        y: 50,
        fill: color,
        'font-family': FONT,
        'font-size': 24,
        'font-weight': 700,
        'letter-spacing': -0.3,
      },
      title,
    ),
    '</svg>',
  ].join('');
}

function gear(color: string): string {
  const teeth: string[] = [];
  for (let i = 0; i < 8; i += 1)
    teeth.push(
      rect(34, 10, 12, 14, color, { rx: 2, transform: `rotate(${String(i * 45)} 40 40)` }),
    );
  return g({}, ...teeth, circle(40, 40, 20, color), circle(40, 40, 8, P.white));
}

function rings(color: string, accent: string): string {
  return g(
    {},
    circle(30, 40, 17, 'none', { stroke: color, 'stroke-width': 7 }),
    circle(50, 40, 17, 'none', { stroke: accent, 'stroke-width': 7, opacity: 0.9 }),
  );
}

function globe(color: string, accent: string): string {
  const line = { stroke: P.white, 'stroke-width': 2.5, fill: 'none' };
  return g(
    {},
    circle(40, 40, 26, color),
    el('ellipse', { cx: 40, cy: 40, rx: 11, ry: 26, ...line }),
    path(d('M', 14, 40, 'L', 66, 40), 'none', line),
    path(d('M', 18, 27, 'Q', 40, 33, 62, 27), 'none', line),
    path(d('M', 18, 53, 'Q', 40, 47, 62, 53), 'none', line),
    circle(60, 20, 7, accent),
  );
}

function chip(color: string, accent: string): string {
  const pins: string[] = [];
  for (const offset of [28, 40, 52]) {
    pins.push(
      stroke([[offset, 8], [offset, 16]], color, 4),
      stroke([[offset, 64], [offset, 72]], color, 4),
      stroke([[8, offset], [16, offset]], color, 4),
      stroke([[64, offset], [72, offset]], color, 4),
    );
  }
  return g(
    {},
    ...pins,
    rect(16, 16, 48, 48, color, { rx: 8 }),
    rect(28, 28, 24, 24, accent, { rx: 4 }),
  );
}

export const PARTNER_LOGOS: readonly { readonly file: string; readonly svg: string }[] = [
  { file: 'manufacturing.svg', svg: logo('Manufacturing', gear(P.brand), P.charcoal) },
  { file: 'collaborations.svg', svg: logo('Collaborations', rings(P.brand, P.warm), P.charcoal) },
  {
    file: 'global-partners.svg',
    svg: logo('Global Partners', globe(P.blueDark, P.warm), P.charcoal),
  },
  { file: 'technology.svg', svg: logo('Technology', chip(P.brandDark, P.warm), P.charcoal) },
];

/** Light grey with a simple picture icon; scales and crops cleanly at any aspect ratio. */
export const PLACEHOLDER = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" preserveAspectRatio="xMidYMid slice" role="img" aria-label="Image unavailable">',
  rect(0, 0, 400, 300, '#e5e7eb'),
  g(
    {
      fill: 'none',
      stroke: '#9ca3af',
      'stroke-width': 8,
      'stroke-linejoin': 'round',
      'stroke-linecap': 'round',
    },
    rect(150, 105, 100, 90, 'none', { rx: 12 }),
    path(d('M', 154, 182, 'L', 185, 148, 'L', 205, 168, 'L', 220, 155, 'L', 246, 182), 'none'),
  ),
  circle(224, 130, 9, '#9ca3af'),
  '</svg>',
].join('');
