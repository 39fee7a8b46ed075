import { shopRatios, type ShopTemplate } from '@lumen/contracts/ecommerce';
import { ErrorCode } from '@lumen/contracts/error-codes';
import type { EngineSettings } from '@lumen/contracts/generation';
import type { GatewaySubmit } from '@lumen/contracts/tasks';
import type { TaskType } from '@lumen/contracts/task-types';
import { tools } from '@lumen/contracts/tools';
import { AppError } from '../../lib/app-error';
import { toolParams } from './image-tool-params';

export type ShopToolDeps = {
  /** A starter template or one of the user's own, by id. */
  shopTemplateOf?(userId: number, id: string): Promise<ShopTemplate | undefined>;
};

const DEFAULT_TEMPLATE = 'starter-studio';

const languageNames: Record<string, string> = {
  en: 'English',
  zh: 'Chinese',
  ja: 'Japanese',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  pt: 'Portuguese',
  it: 'Italian',
};

/**
 * Applies the e-commerce tools' own params to the settings: the product's size (spec §5:
 * length, width and height required), the template and the shapes of a product shot; who
 * models a product; a translation's languages (spec §5: they differ) and lines. Each tool's
 * model instruction, for the GPU and API engines, is worded here when the user gave none.
 * Refusals are 1001 with a translated reason, before any credits are touched.
 */
export async function applyShopToolParams(
  deps: ShopToolDeps,
  userId: number,
  taskType: TaskType,
  body: GatewaySubmit,
  settings: EngineSettings,
): Promise<void> {
  switch (taskType) {
    case 'product_shot':
      return applyProductShot(deps, userId, body, settings);
    case 'product_on_model': {
      const own = tools.product_on_model.params.parse(toolParams(taskType, body));
      settings.productOnModel = {
        category: own.category ?? 'general',
        model: own.model,
        pose: own.pose,
      };
      settings.prompt ||=
        `A ${own.model} fashion model ${own.pose === 'wear' ? 'wearing' : 'holding'} this ` +
        'product, full body, clean studio background, e-commerce catalogue photo, natural light';
      return;
    }
    case 'image_translate': {
      const raw = body.params as Record<string, unknown>;
      if (raw.source !== undefined && raw.source === raw.target) {
        throw new AppError(ErrorCode.invalidParams, 'shop.languagesSame');
      }
      const own = tools.image_translate.params.parse(toolParams(taskType, body));
      settings.imageTranslate = {
        source: own.source,
        target: own.target,
        ...(own.lines ? { lines: own.lines } : {}),
      };
      settings.prompt ||=
        `Translate all the text in this picture from ${languageNames[own.source]} to ` +
        `${languageNames[own.target]}; keep the layout, font style, size and colours, change nothing else`;
      return;
    }
    default:
      return;
  }
}

async function applyProductShot(
  deps: ShopToolDeps,
  userId: number,
  body: GatewaySubmit,
  settings: EngineSettings,
): Promise<void> {
  const raw = body.params as Record<string, unknown>;
  if (['length_cm', 'width_cm', 'height_cm'].some((k) => raw[k] === undefined || raw[k] === null)) {
    throw new AppError(ErrorCode.invalidParams, 'shop.sizeRequired');
  }
  const own = tools.product_shot.params.parse(toolParams('product_shot', body));
  const template = await deps.shopTemplateOf?.(userId, own.template ?? DEFAULT_TEMPLATE);
  if (!template) throw new AppError(ErrorCode.invalidParams, 'shop.templateNotFound');
  const sizes = [...new Set(own.sizes ?? shopRatios)];
  settings.count = sizes.length;
  settings.ratio = sizes[0] ?? '1:1';
  const category = own.category ?? template.category;
  settings.productShot = {
    product: { length: own.length_cm, width: own.width_cm, height: own.height_cm },
    category,
    template: { id: template.id, size: template.size, scene: template.scene },
    sizes,
    text: { title: own.title, points: own.points, price: own.price },
  };
  const { scene } = template;
  settings.prompt ||=
    `Professional e-commerce photo of this ${category} product, standing on a ${scene.style} ` +
    `set in ${scene.colors[0]} and ${scene.colors[1]}, soft contact shadow and a faint reflection ` +
    'on the floor, studio lighting, the product unchanged';
}
