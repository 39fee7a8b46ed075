import type { Order, OrderFailure } from '@lumen/contracts/trade';

/**
 * After this long without the provider's answer, the result page stops just waiting and asks
 * the payer whether they paid (spec §8 "confirm-payment prompt").
 */
export const CONFIRM_AFTER_MS = 20_000;

export type ResultPrompt =
  | { kind: 'succeeded'; activated: boolean }
  | { kind: 'failed'; failure: OrderFailure | null; message: string | null }
  | { kind: 'cancelled' }
  | { kind: 'review' }
  | { kind: 'waiting' }
  | { kind: 'confirm' };

/** Which §8 prompt an order shows, `waitedMs` after the result page opened. */
export function resultPromptFor(order: Order, waitedMs: number): ResultPrompt {
  if (order.status === 'paid' || order.status === 'active') {
    return { kind: 'succeeded', activated: order.status === 'active' };
  }
  // Paid with another amount than the order's: a person looks at it, which takes a while.
  if (order.status === 'review') return { kind: 'review' };
  if (order.failure === 'cancelled' || (order.status === 'cancelled' && order.failure === null)) {
    return { kind: 'cancelled' };
  }
  if (order.failure !== null || order.status === 'cancelled') {
    return { kind: 'failed', failure: order.failure, message: order.failure_msg };
  }
  return waitedMs >= CONFIRM_AFTER_MS ? { kind: 'confirm' } : { kind: 'waiting' };
}

/** Whether the order can still change on its own: waiting for payment, or paid and activating. */
export function isSettling(order: Order | undefined): boolean {
  if (!order) return true;
  if (order.status === 'paid') return true;
  return order.status === 'waiting' && order.failure === null;
}
