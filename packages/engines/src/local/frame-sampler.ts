/**
 * Bilinear resampling of still layers into video frames. Pixels are packed RGBA in 32-bit
 * words (little-endian byte order R, G, B, A) and blended two channels per multiply (red
 * with blue, green with alpha), in integer fixed point: fast enough for 720p in a few
 * milliseconds a frame, and every frame a pure function of its inputs.
 *
 * The hot loops index typed arrays with `!` (no runtime cost) instead of `?? 0`.
 */
export type Layer = {
  width: number;
  height: number;
  /** Premultiplied RGBA words; opaque layers have alpha 255 everywhere. */
  data: Uint32Array;
  opaque: boolean;
  /** First row with any opacity: rows above it are skipped (the sky part of a front layer). */
  firstRow: number;
};

/**
 * Which part of the layer lands in the frame: output pixel (x, y) samples the layer at
 * (x0 + (x + ½)·scale − ½ + shear·(y/H − ½), y0 + (y + ½)·scale − ½), in layer pixels.
 */
export type LayerView = { x0: number; y0: number; scale: number; shear?: number };

const RB = 0x00ff00ff;

/** Lerps two packed pixels, t in 0–256. */
export function lerp(p: number, q: number, t: number): number {
  const u = 256 - t;
  const rb = ((Math.imul(p & RB, u) + Math.imul(q & RB, t)) >>> 8) & RB;
  const ga = (Math.imul((p >>> 8) & RB, u) + Math.imul((q >>> 8) & RB, t)) & 0xff00ff00;
  return rb | ga;
}

/** Packs straight RGB or RGBA bytes (as sharp returns them) into premultiplied words. */
export function packLayer(
  width: number,
  height: number,
  bytes: Uint8Array,
  channels: 3 | 4,
): Layer {
  const data = new Uint32Array(width * height);
  let firstRow = height;
  for (let p = 0, i = 0; p < data.length; p++, i += channels) {
    const a = channels === 4 ? bytes[i + 3]! : 255;
    if (a && firstRow === height) firstRow = Math.floor(p / width);
    const r = ((bytes[i]! * a + 127) / 255) | 0;
    const g = ((bytes[i + 1]! * a + 127) / 255) | 0;
    const b = ((bytes[i + 2]! * a + 127) / 255) | 0;
    data[p] = (r | (g << 8) | (b << 16) | (a << 24)) >>> 0;
  }
  return { width, height, data, opaque: channels === 3, firstRow };
}

/** Draws `layer` into the frame `out` (W×H words) through `view`, over what is there. */
export function drawLayer(
  out: Uint32Array,
  W: number,
  H: number,
  layer: Layer,
  view: LayerView,
): void {
  const { width: w, height: h } = layer;
  const step = Math.round(view.scale * 65536);
  const maxFx = (w - 1) * 65536 - 1;
  for (let y = 0; y < H; y++) {
    let sy = view.y0 + (y + 0.5) * view.scale - 0.5;
    sy = sy < 0 ? 0 : sy > h - 1 ? h - 1 : sy;
    const r0 = Math.floor(sy);
    const r1 = r0 + 1 < h ? r0 + 1 : r0;
    if (r1 < layer.firstRow) continue;
    const shift = view.shear ? view.shear * (y / H - 0.5) : 0;
    const fx = Math.round((view.x0 + 0.5 * view.scale - 0.5 + shift) * 65536);
    const span: RowSpan = {
      row0: r0 * w,
      row1: r1 * w,
      wy: Math.round((sy - r0) * 256),
      fx,
      step,
      maxFx: fx < 0 || fx + step * (W - 1) > maxFx ? maxFx : -1,
    };
    if (layer.opaque) drawOpaqueRow(out, y * W, W, layer.data, span);
    else drawCutoutRow(out, y * W, W, layer.data, span);
  }
}

/**
 * Draws a small cut-out layer (a subject's sprite) through `view`, touching only the output
 * pixels it can land on, so a few sprites cost a few small rectangles a frame. The sprite
 * needs a transparent border: samples past its edge clamp to the edge.
 */
export function drawSprite(
  out: Uint32Array,
  W: number,
  H: number,
  layer: Layer,
  view: LayerView,
): void {
  const { width: w, height: h } = layer;
  const xStart = Math.max(0, Math.floor((0.5 - view.x0) / view.scale - 0.5));
  const xEnd = Math.min(W, Math.ceil((w - 0.5 - view.x0) / view.scale - 0.5));
  const yStart = Math.max(0, Math.floor((0.5 - view.y0) / view.scale - 0.5));
  const yEnd = Math.min(H, Math.ceil((h - 0.5 - view.y0) / view.scale - 0.5));
  if (xEnd <= xStart || yEnd <= yStart) return;
  const step = Math.round(view.scale * 65536);
  const maxFx = (w - 1) * 65536 - 1;
  const fx = Math.round((view.x0 + (xStart + 0.5) * view.scale - 0.5) * 65536);
  for (let y = yStart; y < yEnd; y++) {
    let sy = view.y0 + (y + 0.5) * view.scale - 0.5;
    sy = sy < 0 ? 0 : sy > h - 1 ? h - 1 : sy;
    const r0 = Math.floor(sy);
    const r1 = r0 + 1 < h ? r0 + 1 : r0;
    const span = { row0: r0 * w, row1: r1 * w, wy: Math.round((sy - r0) * 256), fx, step, maxFx };
    drawCutoutRow(out, y * W + xStart, xEnd - xStart, layer.data, span);
  }
}

/** One output row's source rows, vertical weight and 16.16 horizontal walk (clamped if maxFx ≥ 0). */
type RowSpan = { row0: number; row1: number; wy: number; fx: number; step: number; maxFx: number };

function drawOpaqueRow(out: Uint32Array, o: number, W: number, src: Uint32Array, s: RowSpan): void {
  const { row0, row1, wy, step, maxFx } = s;
  for (let x = 0, fx = s.fx; x < W; x++, fx += step) {
    const f = maxFx < 0 ? fx : fx < 0 ? 0 : fx > maxFx ? maxFx : fx;
    const ix = f >> 16;
    const wx = (f >> 8) & 255;
    out[o + x] = lerp(
      lerp(src[row0 + ix]!, src[row0 + ix + 1]!, wx),
      lerp(src[row1 + ix]!, src[row1 + ix + 1]!, wx),
      wy,
    );
  }
}

function drawCutoutRow(out: Uint32Array, o: number, W: number, src: Uint32Array, s: RowSpan): void {
  const { row0, row1, wy, step, maxFx } = s;
  for (let x = 0, fx = s.fx; x < W; x++, fx += step) {
    const f = maxFx < 0 ? fx : fx < 0 ? 0 : fx > maxFx ? maxFx : fx;
    const ix = f >> 16;
    const p00 = src[row0 + ix]!;
    const p01 = src[row0 + ix + 1]!;
    const p10 = src[row1 + ix]!;
    const p11 = src[row1 + ix + 1]!;
    if ((p00 | p01 | p10 | p11) === 0) continue;
    const wx = (f >> 8) & 255;
    const px = lerp(lerp(p00, p01, wx), lerp(p10, p11, wx), wy);
    const a = px >>> 24;
    out[o + x] = a === 255 ? px : addSaturated(px, lerp(out[o + x]!, 0, a));
  }
}

/**
 * Draws a frame-sized overlay without resampling, only within its opaque bounding box:
 * the PREVIEW mark or a seal covers a sliver of the frame.
 */
export function drawOverlay(out: Uint32Array, overlay: Layer & { box: Box }): void {
  const { box, width: W, data } = overlay;
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.left, o = y * W + box.left; x < box.right; x++, o++) {
      const px = data[o]!;
      if (px === 0) continue;
      const a = px >>> 24;
      out[o] = a === 255 ? px : addSaturated(px, lerp(out[o]!, 0, a));
    }
  }
}

export type Box = { left: number; top: number; right: number; bottom: number };

/** The smallest box holding every pixel with any opacity. */
export function opaqueBox(layer: Layer): Box {
  const box = { left: layer.width, top: layer.height, right: 0, bottom: 0 };
  for (let y = 0; y < layer.height; y++) {
    for (let x = 0; x < layer.width; x++) {
      if (layer.data[y * layer.width + x] === 0) continue;
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x + 1);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y + 1);
    }
  }
  return box;
}

/** Premultiplied "over": source plus what the source lets through, clamped per channel. */
export function addSaturated(p: number, q: number): number {
  const rb = (p & RB) + (q & RB);
  const ga = ((p >>> 8) & RB) + ((q >>> 8) & RB);
  // A lane that carried past 255 sets bit 8 of its 16; spread that into 0xff to saturate.
  const rbSat = (rb | (((rb >>> 8) & 0x00010001) * 0xff)) & RB;
  const gaSat = (ga | (((ga >>> 8) & 0x00010001) * 0xff)) & RB;
  return (rbSat | (gaSat << 8)) >>> 0;
}

/** out = a + (b − a)·weight, weight 0–256: the cross-dissolve of two frames. */
export function mixFrames(out: Uint32Array, a: Uint32Array, b: Uint32Array, weight: number): void {
  for (let i = 0; i < out.length; i++) out[i] = lerp(a[i]!, b[i]!, weight);
}
