import { ErrorCode } from '@lumen/contracts/error-codes';
import { limitsFor, type Grade } from '@lumen/contracts/plans';
import {
  CURRENCY,
  type AdminSku,
  type AdminSkuUpdateBody,
  type Sku,
  type SkuList,
  type SkusQuery,
  type VipPlan,
} from '@lumen/contracts/trade';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { BillingRepository } from './billing.repository';
import type { SkuRow } from './billing.schema';
import { defaultSkus } from './payment-rules';

function asGrade(n: number): Grade {
  return (n >= 0 && n <= 4 ? n : 0) as Grade;
}

/** Yearly list prices follow the monthly plan of the same grade (12 × its price). */
function withListPrices(rows: SkuRow[]): SkuRow[] {
  const monthly = new Map(
    rows.filter((r) => r.kind === 'membership' && r.billCycle === 'month').map((r) => [r.grade, r]),
  );
  return rows.map((r) => {
    const month = r.billCycle === 'year' ? monthly.get(r.grade) : undefined;
    return month ? { ...r, listPriceFen: 12 * month.priceFen } : r;
  });
}

export function toSku(row: SkuRow): Sku {
  return {
    sku_id: row.id,
    kind: row.kind === 'topup' ? 'topup' : 'membership',
    name: row.name,
    grade: row.grade,
    bill_cycle: row.billCycle === 'year' ? 'year' : row.billCycle === 'month' ? 'month' : null,
    price_fen: row.priceFen,
    list_price_fen: row.listPriceFen,
    currency: CURRENCY,
    credits: row.credits,
    concurrency: limitsFor(asGrade(row.grade)).concurrentTasks,
    desc: row.description,
  };
}

function toAdminSku(row: SkuRow): AdminSku {
  return { ...toSku(row), active: row.active, stripe_price_id: row.stripePriceId };
}

/** What can be bought: plans and top-up packs, seeded on start and edited by admins. */
export function createCatalogueService(deps: { repository: BillingRepository; clock: Clock }) {
  const { repository, clock } = deps;

  async function getSku(id: string): Promise<SkuRow> {
    const row = await repository.findSku(id);
    if (!row) throw new AppError(ErrorCode.notFound, 'payment.skuNotFound');
    return row;
  }

  return {
    /** Adds the default SKUs that are missing; never changes an existing one. */
    async seedDefaults() {
      const now = clock.now();
      await repository.seedSkus(defaultSkus.map((s) => ({ ...s, updatedAt: now })));
    },

    async listSkus(query: SkusQuery): Promise<SkuList> {
      // Partners see the same catalogue; their advantage is the discount of their invitees.
      const rows = withListPrices(await repository.listSkus({ activeOnly: true }));
      const start = (query.pageNum - 1) * query.pageSize;
      return { total: rows.length, list: rows.slice(start, start + query.pageSize).map(toSku) };
    },

    async vipPlans(): Promise<{ list: VipPlan[] }> {
      const rows = await repository.listSkus({ activeOnly: true });
      return {
        list: rows
          .filter((r) => r.kind === 'membership')
          .map((r) => ({
            grade: r.grade,
            name: r.name,
            desc: r.description,
            billCycle: r.billCycle === 'year' ? ('year' as const) : ('month' as const),
            price_fen: r.priceFen,
            credits: r.credits,
          })),
      };
    },

    getSku,

    /** A SKU that may be bought now; 1004 when unknown or withdrawn. */
    async getActiveSku(id: string): Promise<SkuRow> {
      const row = await getSku(id);
      if (!row.active) throw new AppError(ErrorCode.notFound, 'payment.skuNotFound');
      return row;
    },

    async adminList(): Promise<{ list: AdminSku[] }> {
      const rows = withListPrices(await repository.listSkus({ activeOnly: false }));
      return { list: rows.map(toAdminSku) };
    },

    async adminUpdate(id: string, body: AdminSkuUpdateBody): Promise<AdminSku> {
      await getSku(id);
      const row = await repository.updateSku(id, {
        ...(body.price_fen !== undefined ? { priceFen: body.price_fen } : {}),
        ...(body.credits !== undefined ? { credits: body.credits } : {}),
        ...(body.desc !== undefined ? { description: body.desc } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        ...(body.stripe_price_id !== undefined ? { stripePriceId: body.stripe_price_id } : {}),
        updatedAt: clock.now(),
      });
      if (!row) throw new AppError(ErrorCode.notFound, 'payment.skuNotFound');
      const all = withListPrices(await repository.listSkus({ activeOnly: false }));
      return toAdminSku(all.find((r) => r.id === id) ?? row);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
