import {
  isShopTemplateName,
  isStarterTemplateId,
  SHOP_TEMPLATE_NAME_MAX,
  SHOP_TEMPLATE_NAME_MIN,
  SHOP_TEMPLATES_PER_USER,
  starterShopTemplates,
  type OcrResult,
  type ShopTemplate,
  type ShopTemplateBody,
} from '@lumen/contracts/ecommerce';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { EcommerceRepository } from './ecommerce.repository';
import type { ShopTemplateRow } from './ecommerce.schema';

const notFound = () => new AppError(ErrorCode.notFound, 'shop.templateNotFound');

function present(row: ShopTemplateRow): ShopTemplate {
  return {
    id: String(row.id),
    name: row.name,
    size: row.size,
    category: row.category,
    ratio: row.ratio,
    scene: row.scene,
    builtin: false,
    created_time: row.createdAt.toISOString(),
  };
}

/** A user template's row id, or undefined for ids that cannot name one (starters, garbage). */
function rowId(id: string): number | undefined {
  if (!/^[1-9][0-9]{0,15}$/.test(id)) return undefined;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : undefined;
}

function checkedBody(body: ShopTemplateBody): ShopTemplateBody {
  if (!isShopTemplateName(body.name)) {
    throw new AppError(ErrorCode.invalidParams, 'shop.templateNameLength', {
      min: SHOP_TEMPLATE_NAME_MIN,
      max: SHOP_TEMPLATE_NAME_MAX,
    });
  }
  return { ...body, name: body.name.trim() };
}

/**
 * The e-commerce studio's templates (spec §3): the shipped starters everyone sees and nobody
 * edits, and each user's own. Also reads the text in a picture for image translation.
 */
export function createEcommerceService(deps: {
  repository: EcommerceRepository;
  clock: Clock;
  /** The lines of text in one of the user's pictures (OCR). */
  readText(userId: number, key: string): Promise<OcrResult>;
}) {
  const { repository, clock } = deps;

  function refuseStarter(id: string): void {
    if (isStarterTemplateId(id)) {
      throw new AppError(ErrorCode.forbidden, 'shop.templateBuiltin');
    }
  }

  return {
    async listTemplates(userId: number): Promise<ShopTemplate[]> {
      const own = await repository.listTemplates(userId);
      return [...starterShopTemplates, ...own.map(present)];
    },

    /** A starter or one of the user's own; undefined for anything else. */
    async findTemplate(userId: number, id: string): Promise<ShopTemplate | undefined> {
      const starter = starterShopTemplates.find((t) => t.id === id);
      if (starter) return starter;
      const n = rowId(id);
      const row = n === undefined ? undefined : await repository.findTemplate(userId, n);
      return row ? present(row) : undefined;
    },

    async createTemplate(userId: number, body: ShopTemplateBody): Promise<ShopTemplate> {
      const checked = checkedBody(body);
      if ((await repository.countTemplates(userId)) >= SHOP_TEMPLATES_PER_USER) {
        throw new AppError(ErrorCode.invalidParams, 'shop.templateLimit', {
          max: SHOP_TEMPLATES_PER_USER,
        });
      }
      const now = clock.now();
      return present(
        await repository.insertTemplate({ userId, ...checked, createdAt: now, updatedAt: now }),
      );
    },

    async updateTemplate(
      userId: number,
      id: string,
      body: ShopTemplateBody,
    ): Promise<ShopTemplate> {
      refuseStarter(id);
      const checked = checkedBody(body);
      const n = rowId(id);
      const row =
        n === undefined
          ? undefined
          : await repository.updateTemplate(userId, n, { ...checked, updatedAt: clock.now() });
      if (!row) throw notFound();
      return present(row);
    },

    async deleteTemplate(userId: number, id: string): Promise<void> {
      refuseStarter(id);
      const n = rowId(id);
      if (n === undefined || !(await repository.deleteTemplate(userId, n))) throw notFound();
    },

    readText: deps.readText,
  };
}

export type EcommerceService = ReturnType<typeof createEcommerceService>;
