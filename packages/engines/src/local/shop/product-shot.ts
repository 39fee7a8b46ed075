import sharp, { type OverlayOptions } from 'sharp';
import {
  shopOutputSizes,
  type ProductShotSettings,
  type ShopRatio,
} from '@lumen/contracts/ecommerce';
import type { CutOut } from '../../ml/background-removal';
import { checkpoint, type EditOptions } from '../edit/edit-image';
import {
  contactShadowSvg,
  fullHex,
  layoutFor,
  renderSceneGround,
  type Box,
  type ShotLayout,
} from './shop-scene';
import { fitTextLayer, renderTextLayer } from './shop-text';

export type ProductShot = {
  ratio: ShopRatio;
  bytes: Buffer;
  width: number;
  height: number;
  description: string;
};

/** A product cut-out cropped to what the mask keeps, with whether the model found anything. */
export type Product = { rgba: Buffer; width: number; height: number; found: boolean };

/** Below this the mask is haze the model left on a plain ground; above the top it is solid. */
const ALPHA_FLOOR = 64;
const ALPHA_SOLID = 192;
/** Parts smaller than this share of the largest are specks of haze, not part of the product. */
const PART_SHARE = 0.1;

/**
 * Labels the solid parts of a mask (4-connected) and answers which pixels belong to the
 * parts that matter: the largest and any at least a tenth of its size (a pair of shoes, a
 * set of bottles), grown by a few pixels so their soft edge stays.
 */
function keptParts(solid: Uint8Array, width: number, height: number): Uint8Array {
  const label = new Int32Array(width * height);
  const sizes: number[] = [0];
  const stack: number[] = [];
  for (let start = 0; start < solid.length; start++) {
    if (!solid[start] || label[start]) continue;
    const id = sizes.length;
    let size = 0;
    label[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop() ?? 0;
      size++;
      const x = p % width;
      const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const n of neighbours) {
        if (n >= 0 && n < solid.length && solid[n] && !label[n]) {
          label[n] = id;
          stack.push(n);
        }
      }
    }
    sizes.push(size);
  }
  const largest = Math.max(0, ...sizes);
  const keep = new Uint8Array(width * height);
  const grow = Math.max(2, Math.round(Math.max(width, height) / 300));
  for (let p = 0; p < label.length; p++) {
    const id = label[p] ?? 0;
    if (!id || (sizes[id] ?? 0) < largest * PART_SHARE) continue;
    const x = p % width;
    const y = (p - x) / width;
    for (let dy = -grow; dy <= grow; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      keep.fill(1, yy * width + Math.max(0, x - grow), yy * width + Math.min(width, x + grow + 1));
    }
  }
  return keep;
}

/**
 * Crops a cut-out to its product. The model leaves faint haze on plain grounds (invisible on
 * a checkerboard, a grey veil on a coloured scene): only the product's solid parts and their
 * edge are kept, and the edge is steepened. When the model keeps almost nothing (a photo it
 * cannot read), the whole photo is used instead.
 */
export async function cropToSubject(cut: CutOut): Promise<Product> {
  const { data, info } = await sharp(cut.bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const solid = new Uint8Array(width * height);
  for (let p = 0; p < solid.length; p++) solid[p] = (data[p * 4 + 3] ?? 0) >= 128 ? 1 : 0;
  const keep = keptParts(solid, width, height);
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  let kept = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const a = keep[p] ? (data[p * 4 + 3] ?? 0) : 0;
      const level = Math.round(((a - ALPHA_FLOOR) * 255) / (ALPHA_SOLID - ALPHA_FLOOR));
      data[p * 4 + 3] = Math.max(0, Math.min(255, level));
      if (a < 128) continue;
      kept++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (kept < width * height * 0.01) {
    const opaque = await sharp(cut.bytes).removeAlpha().ensureAlpha(1).raw().toBuffer();
    return { rgba: opaque, width, height, found: false };
  }
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const rgba = await sharp(data, { raw: { width, height, channels: 4 } })
    .extract({ left: x0, top: y0, width: w, height: h })
    .raw()
    .toBuffer();
  return { rgba, width: w, height: h, found: true };
}

type Placed = { left: number; top: number; width: number; height: number; rgba: Buffer };

const boxOf = (p: Placed): Box => ({ x: p.left, y: p.top, width: p.width, height: p.height });

async function resized(product: Product, width: number, height: number): Promise<Buffer> {
  return sharp(product.rgba, { raw: { width: product.width, height: product.height, channels: 4 } })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
}

/** The product mirrored below its base, fading out over a third of its height. */
function reflectionOf(p: Placed): Buffer {
  const { width, height, rgba } = p;
  const out = Buffer.alloc(rgba.length);
  const fade = Math.max(1, height * 0.35);
  for (let y = 0; y < height; y++) {
    const src = (height - 1 - y) * width * 4;
    const strength = Math.max(0, 0.3 * (1 - y / fade));
    for (let x = 0; x < width; x++) {
      const i = src + x * 4;
      const o = y * width * 4 + x * 4;
      out[o] = rgba[i] ?? 0;
      out[o + 1] = rgba[i + 1] ?? 0;
      out[o + 2] = rgba[i + 2] ?? 0;
      out[o + 3] = Math.round((rgba[i + 3] ?? 0) * strength);
    }
  }
  return out;
}

/**
 * Sizes the products by their real size against the template's: the stage is as tall as the
 * template's product with some headroom, so a 30 cm bottle on a 40 cm scene fills three
 * quarters of it. The hero stands in the middle; further photos (other views) stand either
 * side at a smaller scale, as a listing's secondary views.
 */
async function placeProducts(
  products: Product[],
  settings: ProductShotSettings,
  layout: ShotLayout,
): Promise<Placed[]> {
  const { stage } = layout;
  const sceneCm = Math.max(settings.template.size.height, settings.product.height) * 1.05;
  const pxPerCm = stage.height / sceneCm;
  const floor = stage.y + stage.height;
  const placed: Placed[] = [];
  const [hero, ...others] = products;
  if (!hero) return placed;
  let h = Math.max(stage.height * 0.3, settings.product.height * pxPerCm);
  let w = (h * hero.width) / hero.height;
  const fit = Math.min(1, (stage.width * (others.length > 0 ? 0.6 : 0.92)) / w, stage.height / h);
  w = Math.max(1, Math.round(w * fit));
  h = Math.max(1, Math.round(h * fit));
  const cx = stage.x + stage.width / 2;
  const heroPlaced = {
    left: Math.round(cx - w / 2),
    top: Math.round(floor - h),
    width: w,
    height: h,
    rgba: await resized(hero, w, h),
  };
  const sides = [-1, 1];
  for (const [i, other] of others.entries()) {
    const oh = Math.max(1, Math.round(h * 0.55));
    const ow = Math.max(
      1,
      Math.round(Math.min((oh * other.width) / other.height, stage.width * 0.3)),
    );
    const ohFit = Math.max(1, Math.round((ow * other.height) / other.width));
    const side = sides[i % 2] ?? 1;
    const left = side < 0 ? heroPlaced.left - ow * 0.7 : heroPlaced.left + w - ow * 0.3;
    placed.push({
      left: Math.round(Math.min(layout.width - ow, Math.max(0, left))),
      top: Math.round(floor - ohFit - h * 0.02),
      width: ow,
      height: ohFit,
      rgba: await resized(other, ow, ohFit),
    });
  }
  // Secondary views behind the hero.
  placed.push(heroPlaced);
  return placed;
}

async function textOverlays(
  settings: ProductShotSettings,
  layout: ShotLayout,
): Promise<OverlayOptions[]> {
  const { scene } = settings.template;
  const { text } = settings;
  const box = layout.text;
  const short = Math.min(layout.width, layout.height);
  const colour = fullHex(scene.text_color);
  const out: OverlayOptions[] = [];
  let y = box.y;
  const title = await fitTextLayer(
    text.title,
    {
      font: scene.title_font,
      bold: true,
      sizePx: short * 0.085,
      color: colour,
      maxWidth: box.width,
    },
    short * 0.045,
  );
  if (title) {
    out.push({ input: title.bytes, left: Math.round(box.x), top: Math.round(y) });
    y += title.height + short * 0.02;
  }
  const pointSize = short * 0.036;
  for (const point of text.points.filter((p) => p.trim())) {
    const line = await renderTextLayer(point, {
      font: scene.body_font,
      sizePx: pointSize,
      color: colour,
      maxWidth: box.width - pointSize * 1.4,
    });
    if (!line) continue;
    const dot = Math.round(pointSize * 0.5);
    out.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${dot}" height="${dot}"><circle cx="${dot / 2}" cy="${dot / 2}" r="${dot / 2}" fill="${fullHex(scene.accent_color)}"/></svg>`,
      ),
      left: Math.round(box.x),
      top: Math.round(y + pointSize * 0.45),
    });
    out.push({ input: line.bytes, left: Math.round(box.x + pointSize * 1.1), top: Math.round(y) });
    y += line.height + short * 0.012;
  }
  const price = await renderTextLayer(text.price, {
    font: scene.title_font,
    bold: true,
    sizePx: short * 0.06,
    color: '#ffffff',
  });
  if (price) {
    const padX = Math.round(short * 0.03);
    const padY = Math.round(short * 0.012);
    const tagW = price.width + padX * 2;
    const tagH = price.height + padY * 2;
    // Banners keep the price under the points; the other shapes in the bottom-left corner.
    const left = Math.round(box.x);
    const top =
      layout.width > layout.height
        ? Math.round(Math.min(y + short * 0.03, layout.height - tagH - short * 0.05))
        : Math.round(layout.height - tagH - short * 0.045);
    out.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${tagW}" height="${tagH}"><rect width="${tagW}" height="${tagH}" rx="${tagH / 2}" fill="${fullHex(scene.accent_color)}"/></svg>`,
      ),
      left,
      top,
    });
    out.push({ input: price.bytes, left: left + padX, top: top + padY });
  }
  return out;
}

/**
 * Product pictures at marketplace sizes from cut-outs: each shape gets the template's ground,
 * the products at their real relative size on it, a contact shadow and a floor reflection,
 * then the title, selling points and price in the template's fonts.
 */
export async function renderProductShots(
  products: Product[],
  settings: ProductShotSettings,
  opts: EditOptions = {},
): Promise<ProductShot[]> {
  const shots: ProductShot[] = [];
  const hasText =
    settings.text.title.trim() !== '' ||
    settings.text.points.some((p) => p.trim() !== '') ||
    settings.text.price.trim() !== '';
  for (const [index, ratio] of settings.sizes.entries()) {
    const size = shopOutputSizes[ratio];
    const layout = layoutFor(ratio, size, hasText);
    const ground = await renderSceneGround(settings.template.scene, layout);
    const placed = await placeProducts(products, settings, layout);
    const layers: OverlayOptions[] = [];
    for (const p of placed) {
      const raw = { width: p.width, height: p.height, channels: 4 as const };
      const room = layout.height - (p.top + p.height);
      if (room > 2) {
        const reflection = await sharp(reflectionOf(p), { raw })
          .extract({ left: 0, top: 0, width: p.width, height: Math.min(p.height, room) })
          .png()
          .toBuffer();
        layers.push({ input: reflection, left: p.left, top: p.top + p.height });
      }
      layers.push({
        input: contactShadowSvg(layout.width, layout.height, boxOf(p)),
        left: 0,
        top: 0,
      });
      layers.push({ input: p.rgba, raw, left: p.left, top: p.top });
    }
    layers.push(...(await textOverlays(settings, layout)));
    const bytes = await sharp(ground).composite(layers).png().toBuffer();
    const found = products.every((p) => p.found);
    shots.push({
      ratio,
      bytes,
      width: size.width,
      height: size.height,
      description:
        `${ratio} ${size.width}×${size.height}: ${found ? 'product cut out (IS-Net)' : 'product photo framed (no clear subject to cut out)'}, ` +
        `set on the ${settings.template.scene.style} scene at ${settings.product.length}×${settings.product.width}×${settings.product.height} cm ` +
        `against the template's ${settings.template.size.height} cm, with contact shadow and reflection`,
    });
    await checkpoint(opts, 0.5 + (0.5 * (index + 1)) / settings.sizes.length);
  }
  return shots;
}
