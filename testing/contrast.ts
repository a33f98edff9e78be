// WCAG 2 contrast for colours as Chromium serialises computed styles: `rgb(r, g, b)`, `rgba(r, g, b, a)`
// and `color(srgb r g b [/ a])` (what color-mix() computes to). Shared by the web and host design tests.

export type Rgba = [r: number, g: number, b: number, a: number];

export function parseColor(text: string): Rgba {
  const rgb = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(text);
  if (rgb) return [+rgb[1]!, +rgb[2]!, +rgb[3]!, rgb[4] === undefined ? 1 : +rgb[4]];
  const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)$/.exec(text);
  if (srgb) return [+srgb[1]! * 255, +srgb[2]! * 255, +srgb[3]! * 255, srgb[4] === undefined ? 1 : +srgb[4]];
  throw new Error(`cannot read the colour ${text}`);
}

/** `top` painted over the opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio (1 to 21) of two opaque colours, given as CSS text or parsed. */
export function contrast(a: string | Rgba, b: string | Rgba): number {
  const [x, y] = [
    luminance(typeof a === 'string' ? parseColor(a) : a),
    luminance(typeof b === 'string' ? parseColor(b) : b),
  ];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
