import sharp from 'sharp';
import type { EngineOutput, EngineTask } from '../../engine';
import type { BackgroundRemover } from '../../ml/background-removal';
import { EditInputError } from '../edit/edit-image';
import type { LocalTaskContext, LocalTaskHandler } from '../local-tasks';
import { translatePicture, type LineTranslator, type TextReader } from './image-translate';
import { renderProductOnModelPreview } from './product-on-model';
import { cropToSubject, renderProductShots, type Product } from './product-shot';

export type ShopHandlerDeps = {
  backgroundRemover: BackgroundRemover;
  /** OCR; image translation without it takes only the user's own lines. */
  readText?: TextReader;
  /** A language model; image translation without it takes only the user's own lines. */
  translate?: LineTranslator;
};

/** The cut-out model sees at most this side: it works at 1024² whatever it is given. */
const CUTOUT_INPUT_SIDE = 2048;

async function cutOutProducts(
  deps: ShopHandlerDeps,
  task: EngineTask,
  ctx: LocalTaskContext,
  share: number,
): Promise<Product[]> {
  const products: Product[] = [];
  const count = task.inputs.images.length;
  for (let i = 0; i < count; i++) {
    const photo = await sharp(await ctx.readImage(i))
      .rotate()
      .resize(CUTOUT_INPUT_SIDE, CUTOUT_INPUT_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    const cut = await deps.backgroundRemover(
      photo,
      (f) => ctx.report(((i + f) / count) * share),
      ctx.io.signal,
    );
    products.push(await cropToSubject(cut));
  }
  return products;
}

const png = (
  made: { bytes: Buffer; width: number; height: number; description: string },
  task: EngineTask,
): EngineOutput => ({
  kind: 'image',
  mime: 'image/png',
  bytes: made.bytes,
  width: made.width,
  height: made.height,
  seed: task.settings.seed,
  description: made.description,
});

/**
 * The e-commerce studio on the CPU: product pictures and image translation are real (the
 * shipped cut-out model, OCR, inpainting and fonts); model pictures are labelled previews.
 */
export function createShopHandlers(deps: ShopHandlerDeps) {
  return {
    product_shot: async (task, ctx) => {
      const settings = task.settings.productShot;
      if (!settings)
        throw new EditInputError('missing_settings', 'product_shot needs its size and template');
      const products = await cutOutProducts(deps, task, ctx, 0.5);
      const shots = await renderProductShots(products, settings, {
        report: ctx.report,
        signal: ctx.io.signal,
      });
      return shots.map((shot) => png(shot, task));
    },
    product_on_model: async (task, ctx) => {
      const settings = task.settings.productOnModel ?? {
        category: 'general',
        model: 'woman',
        pose: 'hold',
      };
      const [product] = await cutOutProducts(
        deps,
        { ...task, inputs: { ...task.inputs, images: task.inputs.images.slice(0, 1) } },
        ctx,
        0.8,
      );
      if (!product)
        throw new EditInputError('picture_count', 'product_on_model needs a product photo');
      return [png(await renderProductOnModelPreview(product, settings), task)];
    },
    image_translate: async (task, ctx) => {
      const settings = task.settings.imageTranslate;
      if (!settings)
        throw new EditInputError('missing_settings', 'image_translate needs its languages');
      const made = await translatePicture(
        await ctx.readImage(0),
        settings,
        {
          ...(deps.readText ? { readText: deps.readText } : {}),
          ...(deps.translate ? { translate: deps.translate } : {}),
        },
        { report: ctx.report, signal: ctx.io.signal },
      );
      return [png(made, task)];
    },
  } satisfies Record<string, LocalTaskHandler>;
}
