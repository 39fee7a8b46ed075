import sharp from 'sharp';
import type { ShopRatio, ShopScene } from '@lumen/contracts/ecommerce';

export type Box = { x: number; y: number; width: number; height: number };

/**
 * Where things go on one marketplace shape: the text block and the stage the product stands
 * on (its floor is the stage's bottom edge). Wide banners keep text left and product right;
 * square and tall pictures keep text above the product.
 */
export type ShotLayout = { width: number; height: number; text: Box; stage: Box };

export function layoutFor(
  ratio: ShopRatio,
  size: { width: number; height: number },
  hasText: boolean,
): ShotLayout {
  const { width: W, height: H } = size;
  if (ratio === '16:9') {
    return hasText
      ? {
          width: W,
          height: H,
          text: { x: W * 0.06, y: H * 0.14, width: W * 0.4, height: H * 0.72 },
          stage: { x: W * 0.5, y: H * 0.1, width: W * 0.44, height: H * 0.72 },
        }
      : {
          width: W,
          height: H,
          text: { x: 0, y: 0, width: 0, height: 0 },
          stage: { x: W * 0.2, y: H * 0.1, width: W * 0.6, height: H * 0.72 },
        };
  }
  const textHeight = hasText ? H * (ratio === '3:4' ? 0.25 : 0.27) : 0;
  const top = H * 0.05 + textHeight;
  const floor = H * 0.87;
  return {
    width: W,
    height: H,
    text: { x: W * 0.07, y: H * 0.05, width: W * 0.86, height: textHeight },
    stage: { x: W * 0.1, y: top, width: W * 0.8, height: floor - top },
  };
}

function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa
    .map((v, i) => Math.round(v + ((pb[i] ?? 0) - v) * t))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** `#rgb` → `#rrggbb`. */
export function fullHex(colour: string): string {
  const hex = colour.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/**
 * The template's ground as an opaque PNG: a studio sweep, a radial gradient, a podium or a
 * two-tone table top, in its two colours, lit from behind where the product stands.
 */
export async function renderSceneGround(scene: ShopScene, layout: ShotLayout): Promise<Buffer> {
  const { width: W, height: H, stage } = layout;
  const [c0, c1] = [fullHex(scene.colors[0]), fullHex(scene.colors[1])];
  const cx = stage.x + stage.width / 2;
  const floor = stage.y + stage.height;
  const glow = `<radialGradient id="glow" cx="${cx / W}" cy="${(stage.y + stage.height * 0.55) / H}" r="0.45">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`;
  let body: string;
  switch (scene.style) {
    case 'studio':
      body = `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${c0}"/><stop offset="${floor / H}" stop-color="${mix(c0, c1, 0.55)}"/>
        <stop offset="1" stop-color="${c1}"/></linearGradient>${glow}</defs>
        <rect width="${W}" height="${H}" fill="url(#g)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`;
      break;
    case 'gradient':
      body = `<defs><radialGradient id="g" cx="${cx / W}" cy="${(stage.y + stage.height / 2) / H}" r="0.85">
        <stop offset="0" stop-color="${c0}"/><stop offset="1" stop-color="${c1}"/></radialGradient></defs>
        <rect width="${W}" height="${H}" fill="url(#g)"/>`;
      break;
    case 'podium': {
      const rx = Math.min(stage.width * 0.42, stage.height * 0.75);
      const ry = rx * 0.18;
      body = `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${c0}"/><stop offset="1" stop-color="${mix(c0, c1, 0.6)}"/></linearGradient>
        <linearGradient id="side" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${mix(c1, '#000000', 0.15)}"/>
        <stop offset="0.5" stop-color="${c1}"/><stop offset="1" stop-color="${mix(c1, '#000000', 0.25)}"/></linearGradient>${glow}</defs>
        <rect width="${W}" height="${H}" fill="url(#g)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>
        <rect x="${cx - rx}" y="${floor}" width="${rx * 2}" height="${H - floor}" fill="url(#side)"/>
        <ellipse cx="${cx}" cy="${floor}" rx="${rx}" ry="${ry}" fill="${mix(c1, '#ffffff', 0.45)}"/>`;
      break;
    }
    case 'split':
      body = `<defs>${glow}</defs><rect width="${W}" height="${H}" fill="${c0}"/>
        <rect y="${floor - stage.height * 0.08}" width="${W}" height="${H}" fill="${mix(c1, '#ffffff', 0.35)}"/>
        <rect y="${floor - stage.height * 0.08}" width="${W}" height="${Math.max(2, H * 0.004)}" fill="${c1}" opacity="0.5"/>
        <rect width="${W}" height="${H}" fill="url(#glow)"/>`;
      break;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: c0 }).png().toBuffer();
}

/** A soft oval shadow where the product meets the floor, and a tight dark one at the contact. */
export function contactShadowSvg(W: number, H: number, base: Box): Buffer {
  const cx = base.x + base.width / 2;
  const cy = base.y + base.height;
  // A tall narrow product (a bottle) still casts a shadow wider than itself.
  const rx = Math.max(base.width * 0.6, base.height * 0.28);
  const ry = Math.max(4, rx * 0.13);
  const blur = Math.max(2, ry * 0.6);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
      <defs><filter id="s" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="${blur}"/></filter>
      <filter id="t" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="${blur / 3}"/></filter></defs>
      <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity="0.38" filter="url(#s)"/>
      <ellipse cx="${cx}" cy="${cy - ry * 0.1}" rx="${Math.max(base.width * 0.5, rx * 0.55)}" ry="${ry * 0.4}" fill="#000" opacity="0.55" filter="url(#t)"/>
    </svg>`,
  );
}
