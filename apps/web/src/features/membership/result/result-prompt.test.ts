import type { Order } from '@lumen/contracts/trade';
import { describe, expect, it } from 'vitest';
import { CONFIRM_AFTER_MS, isSettling, resultPromptFor } from './result-prompt';

function order(overrides: Partial<Order>): Order {
  return {
    order_no: 'LM1',
    status: 'waiting',
    type: 'membership',
    sku_id: 'plus-month',
    sku_name: 'plus',
    amount_fen: 9900,
    currency: 'CNY',
    detail: 'Plus (monthly)',
    provider: 'sandbox',
    failure: null,
    failure_msg: null,
    created_at: '2026-03-01T00:00:00.000Z',
    paid_at: null,
    activated_at: null,
    ...overrides,
  };
}

describe('payment result prompt', () => {
  it('says succeeded once paid, and notes when the plan is active', () => {
    expect(resultPromptFor(order({ status: 'paid' }), 0)).toEqual({
      kind: 'succeeded',
      activated: false,
    });
    expect(resultPromptFor(order({ status: 'active' }), 0)).toEqual({
      kind: 'succeeded',
      activated: true,
    });
  });

  it('says a payment of another amount is being checked, and stops polling for it', () => {
    const held = order({ status: 'review', paid_at: '2026-03-01T00:01:00.000Z' });
    expect(resultPromptFor(held, 0)).toEqual({ kind: 'review' });
    expect(resultPromptFor(held, CONFIRM_AFTER_MS)).toEqual({ kind: 'review' });
    expect(isSettling(held)).toBe(false);
  });

  it('tells a cancellation apart from a failure with its reason', () => {
    expect(resultPromptFor(order({ status: 'cancelled', failure: 'cancelled' }), 0)).toEqual({
      kind: 'cancelled',
    });
    expect(resultPromptFor(order({ status: 'cancelled' }), 0)).toEqual({ kind: 'cancelled' });
    expect(
      resultPromptFor(
        order({ status: 'cancelled', failure: '3ds_failed', failure_msg: '3DS challenge failed' }),
        0,
      ),
    ).toEqual({ kind: 'failed', failure: '3ds_failed', message: '3DS challenge failed' });
    // A declined card may leave the order open for another try; it is still a failure.
    expect(resultPromptFor(order({ failure: 'card_declined' }), 0)).toMatchObject({
      kind: 'failed',
      failure: 'card_declined',
    });
  });

  it('waits, then asks the payer to confirm', () => {
    expect(resultPromptFor(order({}), 1000)).toEqual({ kind: 'waiting' });
    expect(resultPromptFor(order({}), CONFIRM_AFTER_MS)).toEqual({ kind: 'confirm' });
  });

  it('keeps polling only while the order can still change', () => {
    expect(isSettling(undefined)).toBe(true);
    expect(isSettling(order({}))).toBe(true);
    expect(isSettling(order({ status: 'paid' }))).toBe(true);
    expect(isSettling(order({ status: 'active' }))).toBe(false);
    expect(isSettling(order({ failure: 'qr_expired' }))).toBe(false);
    expect(isSettling(order({ status: 'cancelled', failure: 'cancelled' }))).toBe(false);
  });
});
