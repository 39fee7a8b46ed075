import { describe, expect, it } from 'vitest';
import {
  cycleFits,
  defaultSkus,
  discounted,
  maskNickname,
  newOrderNo,
  operationDiscount,
  periodEnd,
} from './payment-rules';

const DAY = 86_400_000;

describe('payment rules', () => {
  it('prices yearly plans at twelve months less 20%', () => {
    const byId = new Map(defaultSkus.map((s) => [s.id, s]));
    for (const plan of ['basic', 'plus', 'pro']) {
      const month = byId.get(`${plan}-month`)!;
      const year = byId.get(`${plan}-year`)!;
      expect(year.name).toBe(`${plan}-year`);
      expect(year.listPriceFen).toBe(12 * month.priceFen);
      expect(year.priceFen).toBe(Math.round(12 * month.priceFen * 0.8));
      expect(year.credits).toBe(month.credits);
    }
    expect(byId.get('plus-month')).toMatchObject({ grade: 2, credits: 4000 });
    expect(defaultSkus.filter((s) => s.kind === 'topup').every((s) => s.grade === 0)).toBe(true);
  });

  it('discounts', () => {
    expect(operationDiscount(1)).toBe(0);
    expect(operationDiscount(0.85)).toBe(15);
    expect(operationDiscount(0.5)).toBe(50);
    expect(discounted(9900, 10)).toBe(8910);
    expect(discounted(9900, 50)).toBe(4950);
    expect(discounted(2990, 15)).toBe(2542);
  });

  it('periods and in-period monthly cycles', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(periodEnd(start, 'month').getTime() - start.getTime()).toBe(30 * DAY);
    expect(periodEnd(start, 'year').getTime() - start.getTime()).toBe(365 * DAY);
    const yearEnd = periodEnd(start, 'year');
    const grants = Array.from({ length: 13 }, (_, i) => new Date(start.getTime() + i * 30 * DAY));
    expect(grants.filter((at) => cycleFits(at, yearEnd))).toHaveLength(12);
  });

  it('masks nicknames', () => {
    expect(maskNickname('maria.lopez')).toBe('ma***ez');
    expect(maskNickname('kenji')).toBe('ke***ji');
    expect(maskNickname('bob')).toBe('b***b');
    expect(maskNickname('李')).toBe('李***');
    expect(maskNickname('小明同学们')).toBe('小明***学们');
  });

  it('order numbers carry the time and differ', () => {
    const now = new Date('2026-06-10T20:00:00Z');
    const a = newOrderNo(now);
    expect(a).toMatch(/^LM20260610200000\d{8}$/);
    expect(new Set(Array.from({ length: 50 }, () => newOrderNo(now))).size).toBe(50);
  });
});
