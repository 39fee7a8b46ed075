import type { LogoStyle } from '@lumen/contracts/tools/logo';
import type { BrandMark } from './logo-marks';
import { initialsOf, isCjk, setLine, type SetLine, type Typeface } from './type-set';

/** A drawing in its own units and the box it covers (x, y of the top-left corner). */
export type Drawing = { body: string; box: { x: number; y: number; w: number; h: number } };

export type LayoutName = 'stacked' | 'horizontal' | 'wordmark' | 'emblem' | 'lettermark' | 'badge';

export type LayoutInput = {
  brand: string;
  slogan: string;
  mark: BrandMark;
  ink: string;
  accent: string;
  brandFace: Typeface;
  /** The mark sits in a filled circle (mascots) rather than standing alone. */
  container?: boolean;
  /** Initials stand for the mark even when an icon was found. */
  initials?: boolean;
};

const r2 = (v: number) => Math.round(v * 100) / 100;

/** A set line drawn with its left end of the baseline at (x, y). */
function placed(line: SetLine, x: number, y: number, fill: string): string {
  return `<path transform="translate(${r2(x)} ${r2(y)})" fill="${fill}" d="${line.d}"/>`;
}

/** Sets a line no wider than `maxWidth`, shrinking it from `size` when it would be. */
function fitLine(text: string, face: Typeface, size: number, maxWidth: number, tracking = 0) {
  const line = setLine(text, face, size, tracking);
  if (line.width <= maxWidth) return line;
  return setLine(text, face, (size * maxWidth) / line.width, tracking);
}

/** Latin slogans read as a spaced small-caps line; CJK ones as they are. */
function sloganLine(slogan: string, size: number, maxWidth: number): SetLine | undefined {
  if (!slogan) return undefined;
  return isCjk(slogan)
    ? fitLine(slogan, 'cjkLight', size, maxWidth, 0.1)
    : fitLine(slogan.toUpperCase(), 'sansLight', size, maxWidth, 0.22);
}

const brandTracking = (brand: string, face: Typeface) =>
  isCjk(brand) ? 0.06 : face === 'serif' ? 0.01 : 0.02;

/**
 * The mark in a square of `size` centred on (cx, cy): the icon's strokes, or the brand's
 * initials set in the brand's face when there is no icon (or the layout asks for them).
 */
function markAt(input: LayoutInput, cx: number, cy: number, size: number, colour: string): string {
  const { mark } = input;
  if (mark.body && !input.initials) {
    const scale = size / 24;
    const body = mark.body.replace(/currentColor/g, colour);
    return (
      `<g transform="translate(${r2(cx - size / 2)} ${r2(cy - size / 2)}) scale(${r2(scale)})" ` +
      `fill="none" stroke="${colour}" stroke-width="1.6" stroke-linecap="round" ` +
      `stroke-linejoin="round">${body}</g>`
    );
  }
  const letters = initialsOf(input.brand);
  const face: Typeface = isCjk(letters) ? 'cjk' : input.brandFace;
  const line = fitLine(letters, face, size * 0.72, size * 0.92);
  return placed(line, cx - line.width / 2, cy + line.ascent / 2, colour);
}

function stacked(input: LayoutInput): Drawing {
  const markSize = input.container ? 190 : 230;
  const parts: string[] = [];
  let y: number;
  if (input.container) {
    const r = 150;
    parts.push(`<circle cx="0" cy="${r}" r="${r}" fill="${input.ink}"/>`);
    parts.push(
      `<circle cx="0" cy="${r}" r="${r - 14}" fill="none" stroke="${input.accent}" stroke-width="5"/>`,
    );
    parts.push(markAt(input, 0, r, markSize, '#ffffff'));
    y = 2 * r + 70;
  } else {
    parts.push(markAt(input, 0, markSize / 2, markSize, input.ink));
    y = markSize + 60;
  }
  const brand = fitLine(
    input.brand,
    input.brandFace,
    130,
    900,
    brandTracking(input.brand, input.brandFace),
  );
  y += brand.ascent;
  parts.push(placed(brand, -brand.width / 2, y, input.ink));
  let width = Math.max(brand.width, 2 * 150);
  y += brand.descent;
  const slogan = sloganLine(input.slogan, 38, Math.max(brand.width * 1.3, 420));
  if (slogan) {
    y += 34 + slogan.ascent;
    parts.push(placed(slogan, -slogan.width / 2, y, input.accent));
    y += slogan.descent;
    width = Math.max(width, slogan.width);
  }
  return { body: parts.join(''), box: { x: -width / 2, y: 0, w: width, h: y } };
}

function horizontal(input: LayoutInput): Drawing {
  const side = 240;
  const parts = [
    `<rect x="0" y="0" width="${side}" height="${side}" rx="54" fill="${input.ink}"/>`,
    markAt(input, side / 2, side / 2, 150, '#ffffff'),
  ];
  const x = side + 56;
  const brand = fitLine(
    input.brand,
    input.brandFace,
    140,
    1000,
    brandTracking(input.brand, input.brandFace),
  );
  const slogan = sloganLine(input.slogan, 36, Math.max(brand.width, 360));
  const textHeight =
    brand.ascent + brand.descent + (slogan ? 26 + slogan.ascent + slogan.descent : 0);
  let y = (side - textHeight) / 2 + brand.ascent;
  parts.push(placed(brand, x, y, input.ink));
  let width = x + brand.width;
  if (slogan) {
    y += brand.descent + 26 + slogan.ascent;
    parts.push(placed(slogan, x + 4, y, input.accent));
    width = Math.max(width, x + 4 + slogan.width);
  }
  return { body: parts.join(''), box: { x: 0, y: 0, w: width, h: side } };
}

function wordmark(input: LayoutInput): Drawing {
  const brand = fitLine(
    input.brand,
    input.brandFace,
    190,
    1200,
    brandTracking(input.brand, input.brandFace) + 0.02,
  );
  const parts = [placed(brand, 0, brand.ascent, input.ink)];
  let y = brand.ascent + brand.descent + 18;
  const barWidth = Math.max(80, brand.width * 0.24);
  parts.push(
    `<rect x="4" y="${r2(y)}" width="${r2(barWidth)}" height="16" rx="8" fill="${input.accent}"/>`,
  );
  y += 16;
  let width = brand.width;
  const slogan = sloganLine(input.slogan, 40, Math.max(brand.width - barWidth - 40, 300));
  if (slogan) {
    const sx = Math.max(barWidth + 36, brand.width - slogan.width);
    parts.push(placed(slogan, sx, y - 8 + slogan.ascent / 2, input.ink));
    width = Math.max(width, sx + slogan.width);
  }
  return { body: parts.join(''), box: { x: 0, y: 0, w: width, h: y } };
}

function emblem(input: LayoutInput): Drawing {
  const R = 320;
  const parts = [
    `<circle cx="0" cy="0" r="${R}" fill="none" stroke="${input.ink}" stroke-width="14"/>`,
    `<circle cx="0" cy="0" r="${R - 30}" fill="none" stroke="${input.ink}" stroke-width="4"/>`,
    markAt(input, 0, -92, 190, input.ink),
  ];
  const brand = fitLine(
    input.brand,
    input.brandFace,
    116,
    2 * (R - 80),
    brandTracking(input.brand, input.brandFace) + 0.03,
  );
  parts.push(placed(brand, -brand.width / 2, 60 + brand.ascent / 2, input.ink));
  const dotX = R - 58;
  parts.push(`<circle cx="${-dotX}" cy="${r2(60)}" r="10" fill="${input.accent}"/>`);
  parts.push(`<circle cx="${dotX}" cy="${r2(60)}" r="10" fill="${input.accent}"/>`);
  const slogan = sloganLine(input.slogan, 30, 2 * (R - 110));
  if (slogan) parts.push(placed(slogan, -slogan.width / 2, 180, input.accent));
  else parts.push(`<rect x="-70" y="168" width="140" height="8" rx="4" fill="${input.accent}"/>`);
  return { body: parts.join(''), box: { x: -R - 7, y: -R - 7, w: 2 * R + 14, h: 2 * R + 14 } };
}

function lettermark(input: LayoutInput): Drawing {
  return horizontal({ ...input, initials: true });
}

function badge(input: LayoutInput): Drawing {
  const brand = fitLine(
    input.brand,
    input.brandFace,
    110,
    760,
    brandTracking(input.brand, input.brandFace) + 0.03,
  );
  const w = Math.max(brand.width + 140, 460);
  const h = 520;
  // A shield: straight top corners rounded, sides curving into a point.
  const half = w / 2;
  const shield =
    `M${-half + 40} 0H${half - 40}Q${half} 0 ${half} 40V${h * 0.55}` +
    `Q${half} ${h * 0.82} 0 ${h}Q${-half} ${h * 0.82} ${-half} ${h * 0.55}V40Q${-half} 0 ${-half + 40} 0Z`;
  const parts = [
    `<path d="${shield}" fill="${input.ink}"/>`,
    `<path d="${shield}" fill="none" stroke="${input.accent}" stroke-width="8" transform="translate(0 ${h * 0.04}) scale(0.92)"/>`,
    markAt(input, 0, 150, 170, '#ffffff'),
    placed(brand, -brand.width / 2, 300 + brand.ascent / 2, '#ffffff'),
  ];
  let y = h;
  let width = w;
  const slogan = sloganLine(input.slogan, 36, Math.max(w * 1.2, 420));
  if (slogan) {
    y += 46 + slogan.ascent;
    parts.push(placed(slogan, -slogan.width / 2, y, input.ink));
    y += slogan.descent;
    width = Math.max(width, slogan.width);
  }
  return { body: parts.join(''), box: { x: -width / 2, y: 0, w: width, h: y } };
}

export const layouts: Record<LayoutName, (input: LayoutInput) => Drawing> = {
  stacked,
  horizontal,
  wordmark,
  emblem,
  lettermark,
  badge,
};

type Plan = { layout: LayoutName; face: Typeface; container?: boolean; initials?: boolean };

/**
 * The layouts a style runs through, one per result: the style's own first, then the ones a
 * designer would show beside it.
 */
export const styleLayouts: Record<LogoStyle, readonly Plan[]> = {
  minimal: [
    { layout: 'stacked', face: 'sans' },
    { layout: 'horizontal', face: 'sans' },
    { layout: 'wordmark', face: 'sans' },
    { layout: 'lettermark', face: 'sans' },
  ],
  emblem: [
    { layout: 'emblem', face: 'serif' },
    { layout: 'badge', face: 'sansBold' },
    { layout: 'stacked', face: 'serif', container: true },
    { layout: 'horizontal', face: 'serif' },
  ],
  mascot: [
    { layout: 'stacked', face: 'sansBold', container: true },
    { layout: 'emblem', face: 'sansBold' },
    { layout: 'horizontal', face: 'sansBold' },
    { layout: 'badge', face: 'sansBold' },
  ],
  lettermark: [
    { layout: 'lettermark', face: 'sansBold' },
    { layout: 'stacked', face: 'sansBold', container: true, initials: true },
    { layout: 'emblem', face: 'serif', initials: true },
    { layout: 'horizontal', face: 'sans' },
  ],
  wordmark: [
    { layout: 'wordmark', face: 'sansBold' },
    { layout: 'wordmark', face: 'serif' },
    { layout: 'horizontal', face: 'sans' },
    { layout: 'stacked', face: 'sans' },
  ],
  badge: [
    { layout: 'badge', face: 'sansBold' },
    { layout: 'emblem', face: 'sansBold' },
    { layout: 'horizontal', face: 'sansBold' },
    { layout: 'stacked', face: 'sansBold', container: true },
  ],
  vintage: [
    { layout: 'emblem', face: 'serif' },
    { layout: 'badge', face: 'serif' },
    { layout: 'wordmark', face: 'serif' },
    { layout: 'stacked', face: 'serif', container: true },
  ],
};
