import sharp from 'sharp';
import type { ProductOnModelSettings } from '@lumen/contracts/ecommerce';
import { previewMarkPosition, previewMarkSvg } from '../preview-mark';
import { findPictogram } from '../subjects/pictograms';
import type { Product } from './product-shot';

const pictogramNames: Record<ProductOnModelSettings['model'], string[]> = {
  woman: ['woman-standing', 'person-standing'],
  man: ['man-standing', 'person-standing'],
  child: ['child', 'person-standing'],
};

const WIDTH = 768;
const HEIGHT = 1024;

/**
 * The CPU's model picture: a person needs a generative model, so this is a labelled preview
 * that shows the composition a GPU or API engine paints: the model (a pictogram of the chosen
 * person) on a studio ground with the real product cut-out worn on the torso or held at the
 * side at a believable scale.
 */
export async function renderProductOnModelPreview(
  product: Product,
  settings: ProductOnModelSettings,
): Promise<{ bytes: Buffer; width: number; height: number; description: string }> {
  const icon = pictogramNames[settings.model].map(findPictogram).find((p) => p !== undefined);
  // The pictograms are drawn on a square: the figure stands in its middle half.
  const side = Math.round(Math.min(HEIGHT * 0.85, WIDTH * 1.05));
  const figureLeft = Math.round(
    WIDTH / 2 - side / 2 - (settings.pose === 'hold' ? side * 0.08 : 0),
  );
  const figureTop = Math.round(HEIGHT * 0.08);
  const ground = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f1ee"/>
    <stop offset="0.8" stop-color="#e2dcd5"/><stop offset="1" stop-color="#d3cbc2"/></linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
    <ellipse cx="${figureLeft + side / 2}" cy="${figureTop + side * 0.97}" rx="${side * 0.22}" ry="${HEIGHT * 0.015}" fill="#000" opacity="0.18"/>
    ${
      icon
        ? `<svg x="${figureLeft}" y="${figureTop}" width="${side}" height="${side}" viewBox="0 0 ${icon.width} ${icon.height}">${icon.body}</svg>`
        : `<rect x="${figureLeft + side * 0.3}" y="${figureTop}" width="${side * 0.4}" height="${side}" rx="${side * 0.2}" fill="#a8a29e"/>`
    }
  </svg>`;
  // Worn: across the torso; held: at the hand on the figure's left (the picture's right).
  const box =
    settings.pose === 'wear'
      ? { w: side * 0.32, h: side * 0.3, cx: figureLeft + side * 0.5, cy: figureTop + side * 0.45 }
      : {
          w: side * 0.24,
          h: side * 0.32,
          cx: figureLeft + side * 0.76,
          cy: figureTop + side * 0.55,
        };
  const scale = Math.min(box.w / product.width, box.h / product.height);
  const pw = Math.max(1, Math.round(product.width * scale));
  const ph = Math.max(1, Math.round(product.height * scale));
  const productPng = await sharp(product.rgba, {
    raw: { width: product.width, height: product.height, channels: 4 },
  })
    .resize(pw, ph)
    .png()
    .toBuffer();
  const mark = previewMarkSvg(WIDTH);
  const bytes = await sharp(Buffer.from(ground))
    .composite([
      {
        input: productPng,
        left: Math.round(Math.min(WIDTH - pw, Math.max(0, box.cx - pw / 2))),
        top: Math.round(Math.min(HEIGHT - ph, Math.max(0, box.cy - ph / 2))),
      },
      { input: Buffer.from(mark.svg), ...previewMarkPosition(WIDTH, HEIGHT) },
    ])
    .flatten({ background: '#f4f1ee' })
    .png()
    .toBuffer();
  return {
    bytes,
    width: WIDTH,
    height: HEIGHT,
    description:
      `Preview: a ${settings.model} model ${settings.pose === 'wear' ? 'wearing' : 'holding'} the product ` +
      '(the real cut-out on a pictogram); a generative model on a GPU or API engine paints the person',
  };
}
