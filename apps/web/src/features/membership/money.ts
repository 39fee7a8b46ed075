import type { Sku } from '@lumen/contracts/trade';

/**
 * Fen (CNY cents) as the user's language writes yuan: "¥99", "¥79.20", "99 ¥". Whole amounts
 * drop the ".00", as price tags do.
 */
export function formatFen(fen: number, language: string): string {
  const whole = fen % 100 === 0;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(fen / 100);
}

/** What a plan costs per month: a yearly price spread over twelve months, rounded to the fen. */
export function monthlyPriceFen(sku: Pick<Sku, 'price_fen' | 'bill_cycle'>): number {
  return sku.bill_cycle === 'year' ? Math.round(sku.price_fen / 12) : sku.price_fen;
}

/** Percent saved against the list price (spec §9: yearly billing saves 20%); 0 when none. */
export function savingPercent(sku: Pick<Sku, 'price_fen' | 'list_price_fen'>): number {
  if (sku.list_price_fen <= 0 || sku.price_fen >= sku.list_price_fen) return 0;
  return Math.round((1 - sku.price_fen / sku.list_price_fen) * 100);
}

/** A price after a percent discount, as the server rounds it (to the fen). */
export function discountedFen(fen: number, percent: number): number {
  if (percent <= 0) return fen;
  return Math.round((fen * (100 - Math.min(percent, 100))) / 100);
}
