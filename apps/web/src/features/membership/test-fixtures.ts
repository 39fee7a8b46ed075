import type { Sku, Subscription } from '@lumen/contracts/trade';

/** The seeded catalogue (docs/decisions/0010-payments.md), for web tests. */
export function catalogue(): Sku[] {
  const plan = (
    name: string,
    grade: number,
    month: number,
    credits: number,
    concurrency: number,
  ): Sku[] => [
    {
      sku_id: `${name}-month`,
      kind: 'membership',
      name,
      grade,
      bill_cycle: 'month',
      price_fen: month,
      list_price_fen: month,
      currency: 'CNY',
      credits,
      concurrency,
      desc: '',
    },
    {
      sku_id: `${name}-year`,
      kind: 'membership',
      name: `${name}-year`,
      grade,
      bill_cycle: 'year',
      price_fen: Math.round(month * 12 * 0.8),
      list_price_fen: month * 12,
      currency: 'CNY',
      credits,
      concurrency,
      desc: '',
    },
  ];
  const pack = (credits: number, price: number): Sku => ({
    sku_id: `credits-${credits}`,
    kind: 'topup',
    name: `credits-${credits}`,
    grade: 0,
    bill_cycle: null,
    price_fen: price,
    list_price_fen: price,
    currency: 'CNY',
    credits,
    concurrency: 1,
    desc: '',
  });
  return [
    ...plan('basic', 1, 3900, 1000, 1),
    ...plan('plus', 2, 9900, 4000, 4),
    ...plan('pro', 3, 19900, 10000, 4),
    pack(500, 1600),
    pack(1000, 2990),
    pack(3000, 8490),
    pack(10000, 26900),
  ];
}

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    plan: 'plus',
    sku_id: 'plus-month',
    grade: 2,
    bill_cycle: 'month',
    status: 'active',
    current_period_start: '2026-03-01T00:00:00.000Z',
    current_period_end: '2026-03-31T00:00:00.000Z',
    cancel_at_period_end: false,
    provider: 'sandbox',
    portal_url: null,
    trial: false,
    ...overrides,
  };
}
