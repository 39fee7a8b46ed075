import type { Sku } from '@lumen/contracts/trade';
import { describe, expect, it } from 'vitest';
import { blocksNewPlan, planActionFor, planKeyOf, planOffers, topupPacks } from './catalogue';
import { discountedFen, formatFen, monthlyPriceFen, savingPercent } from './money';

function sku(overrides: Partial<Sku>): Sku {
  return {
    sku_id: 'plus-month',
    kind: 'membership',
    name: 'plus',
    grade: 2,
    bill_cycle: 'month',
    price_fen: 9900,
    list_price_fen: 9900,
    currency: 'CNY',
    credits: 4000,
    concurrency: 4,
    desc: '',
    ...overrides,
  };
}

const plusYear = sku({
  sku_id: 'plus-year',
  name: 'plus-year',
  bill_cycle: 'year',
  price_fen: 95040,
  list_price_fen: 118800,
});

describe('prices', () => {
  it('writes fen as yuan in each language, dropping ".00" from whole amounts', () => {
    expect(formatFen(9900, 'en')).toBe('¥99');
    expect(formatFen(7920, 'zh')).toBe('¥79.20');
    expect(formatFen(2990, 'ja')).toBe('￥29.90');
    expect(formatFen(9900, 'es')).toBe('99\u00a0¥');
    expect(formatFen(0, 'en')).toBe('¥0');
  });

  it('spreads a yearly price over twelve months and shows the yearly saving', () => {
    expect(monthlyPriceFen(plusYear)).toBe(7920);
    expect(monthlyPriceFen(sku({}))).toBe(9900);
    expect(savingPercent(plusYear)).toBe(20);
    expect(savingPercent(sku({}))).toBe(0);
  });

  it('rounds a discounted price to the fen', () => {
    expect(discountedFen(9900, 10)).toBe(8910);
    expect(discountedFen(3900, 50)).toBe(1950);
    expect(discountedFen(2990, 0)).toBe(2990);
  });
});

describe('catalogue', () => {
  const skus = [
    sku({
      sku_id: 'credits-1000',
      kind: 'topup',
      name: 'credits-1000',
      grade: 0,
      bill_cycle: null,
      credits: 1000,
    }),
    plusYear,
    sku({}),
    sku({
      sku_id: 'credits-500',
      kind: 'topup',
      name: 'credits-500',
      grade: 0,
      bill_cycle: null,
      credits: 500,
    }),
    sku({ sku_id: 'basic-month', name: 'basic', grade: 1, price_fen: 3900, list_price_fen: 3900 }),
  ];

  it('groups plans by grade with their monthly and yearly SKUs', () => {
    const offers = planOffers(skus);
    expect(offers.map((o) => o.key)).toEqual(['basic', 'plus']);
    expect(offers[1]?.month?.sku_id).toBe('plus-month');
    expect(offers[1]?.year?.sku_id).toBe('plus-year');
    expect(offers[0]?.year).toBeUndefined();
    expect(topupPacks(skus).map((s) => s.credits)).toEqual([500, 1000]);
    expect(planKeyOf('pro-year')).toBe('pro');
    expect(planKeyOf('credits-500')).toBeNull();
  });

  it('asks a subscriber to cancel first before choosing another plan (spec §4)', () => {
    const running = {
      plan: 'plus',
      sku_id: 'plus-month',
      grade: 2,
      bill_cycle: 'month' as const,
      status: 'active' as const,
      current_period_start: '2026-03-01T00:00:00.000Z',
      current_period_end: '2026-03-31T00:00:00.000Z',
      cancel_at_period_end: false,
      provider: 'sandbox' as const,
      portal_url: null,
      trial: false,
    };
    const signedIn = true;
    expect(planActionFor(sku({}), { signedIn: false, subscription: null })).toBe('signIn');
    expect(planActionFor(sku({}), { signedIn, subscription: null })).toBe('buy');
    expect(planActionFor(sku({}), { signedIn, subscription: running })).toBe('current');
    expect(planActionFor(plusYear, { signedIn, subscription: running })).toBe('cancelFirst');
    // Cancelling still runs until the period ends.
    const cancelling = { ...running, status: 'cancelling' as const, cancel_at_period_end: true };
    expect(planActionFor(sku({ grade: 3 }), { signedIn, subscription: cancelling })).toBe(
      'cancelFirst',
    );
    // A trial or an ended subscription does not stand in the way.
    expect(blocksNewPlan({ ...running, trial: true })).toBe(false);
    expect(
      planActionFor(sku({}), { signedIn, subscription: { ...running, status: 'ended' } }),
    ).toBe('buy');
  });
});
