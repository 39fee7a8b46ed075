import { describe, expect, it } from 'vitest';
import { businessDay, endOfBusinessDay, startOfNextBusinessDay } from './business-day';

describe('GMT-8 business days', () => {
  it('puts 07:59 UTC on the previous day and 08:00 UTC on the next', () => {
    expect(businessDay(new Date('2026-03-10T07:59:59Z'))).toBe('2026-03-09');
    expect(businessDay(new Date('2026-03-10T08:00:00Z'))).toBe('2026-03-10');
  });
  it('ends the day at 23:59:59 GMT-8', () => {
    expect(endOfBusinessDay(new Date('2026-03-10T12:00:00Z')).toISOString()).toBe(
      '2026-03-11T07:59:59.000Z',
    );
    expect(endOfBusinessDay(new Date('2026-03-10T03:00:00Z')).toISOString()).toBe(
      '2026-03-10T07:59:59.000Z',
    );
    expect(startOfNextBusinessDay(new Date('2026-03-10T12:00:00Z')).toISOString()).toBe(
      '2026-03-11T08:00:00.000Z',
    );
  });
});
