import type { Locator } from 'playwright-core';

/** WCAG 2.2 AA (1.4.3) for text of normal size, which every button's label is. */
export const MINIMUM_CONTRAST = 4.5;

type Rgba = readonly [red: number, green: number, blue: number, alpha: number];

/** One run of text in a control, as the browser paints it now. */
export interface PaintedText {
  /** The text, shortened, to name what was measured. */
  readonly text: string;
  /** The computed `color`. */
  readonly color: string;
  /** Computed background colours from the text down to the first opaque one (top first). */
  readonly layers: readonly string[];
  /** Set when something other than a flat colour (a picture, a gradient) is behind the text. */
  readonly unresolved?: string;
}

/** 'rgb(21, 80, 58)' or 'rgba(0, 0, 0, 0)', as getComputedStyle writes colours. */
export function parseColor(value: string): Rgba {
  const match = /^rgba?\(([^)]*)\)$/.exec(value.trim());
  const parts = match?.[1]
    ?.split(/[\s,/]+/)
    .filter((part) => part !== '')
    .map(Number);
  if (!parts || parts.length < 3 || parts.some((part) => Number.isNaN(part))) {
    throw new Error(`not an rgb() colour: ${value}`);
  }
  const [red = 0, green = 0, blue = 0, alpha = 1] = parts;
  return [red, green, blue, alpha];
}

/** `top` painted over the opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const alpha = top[3];
  const mix = (index: 0 | 1 | 2) => top[index] * alpha + bottom[index] * (1 - alpha);
  return [mix(0), mix(1), mix(2), 1];
}

function luminance([red, green, blue]: Rgba): number {
  const channel = (value: number) => {
    const srgb = value / 255;
    return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue);
}

/** The WCAG contrast ratio of the painted text against what is painted behind it. */
export function contrastOf(painted: PaintedText): { ratio: number; text: Rgba; back: Rgba } {
  // The canvas under everything is white (the site's colour-scheme is light).
  let back: Rgba = [255, 255, 255, 1];
  for (const layer of [...painted.layers].reverse()) back = over(parseColor(layer), back);
  const text = over(parseColor(painted.color), back);
  const [lighter, darker] = [luminance(text), luminance(back)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return { ratio: (lighter + 0.05) / (darker + 0.05), text, back };
}

export const rgbText = ([red, green, blue]: Rgba): string =>
  `rgb(${[red, green, blue].map((value) => String(Math.round(value))).join(',')})`;

/**
 * Every run of text in `control` (or, for an icon-only control, its own colour, which its icon
 * paints with), with the background colours under it, read where the browser paints it: the
 * elements at the text's centre, from the top down, so a transparent control shows whatever is
 * behind it, its own ancestors or not.
 */
export function paintedTextOf(control: Locator): Promise<PaintedText[]> {
  // A function, not a string: the site's security policy refuses eval.
  return control.evaluate((element) => {
    const holders = [element, ...Array.from(element.querySelectorAll('*'))].filter((node) =>
      Array.from(node.childNodes).some(
        (child) => child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').trim() !== '',
      ),
    );
    const measured = holders.length > 0 ? holders : [element];
    const readings: {
      text: string;
      color: string;
      layers: string[];
      unresolved?: string;
    }[] = [];
    for (const holder of measured) {
      const box = holder.getBoundingClientRect();
      // Text read by screen readers only (visually-hidden) is 1 px and not painted.
      if (box.width <= 1 || box.height <= 1) continue;
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
      const layers: string[] = [];
      let unresolved: string | undefined;
      for (const below of document.elementsFromPoint(x, y)) {
        const style = getComputedStyle(below);
        const pictured = ['IMG', 'VIDEO', 'CANVAS', 'PICTURE', 'IFRAME'].includes(below.tagName);
        if (pictured || style.backgroundImage !== 'none') {
          unresolved = `${below.tagName.toLowerCase()}.${below.getAttribute('class') ?? ''}`;
          break;
        }
        layers.push(style.backgroundColor);
        if (/^rgb\(/.test(style.backgroundColor)) break;
      }
      readings.push({
        text: holder.textContent.trim().slice(0, 40) || holder.tagName.toLowerCase(),
        color: getComputedStyle(holder).color,
        layers,
        ...(unresolved === undefined ? {} : { unresolved }),
      });
    }
    return readings;
  });
}
