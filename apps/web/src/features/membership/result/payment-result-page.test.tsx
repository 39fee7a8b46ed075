import type { Order } from '@lumen/contracts/trade';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { signInTestUser, testAccount } from '../../../test/session';
import { PaymentResultPage } from './payment-result-page';

let api: ReturnType<typeof createApiMock>;

function order(overrides: Partial<Order>): Order {
  return {
    order_no: 'LM7',
    status: 'waiting',
    type: 'membership',
    sku_id: 'plus-month',
    sku_name: 'plus',
    amount_fen: 9900,
    currency: 'CNY',
    detail: 'Plus membership, monthly',
    provider: 'sandbox',
    failure: null,
    failure_msg: null,
    created_at: '2026-03-01T00:00:00.000Z',
    paid_at: null,
    activated_at: null,
    ...overrides,
  };
}

function renderResult() {
  renderRoutes(
    [{ path: '/pay/result', element: <PaymentResultPage /> }],
    '/pay/result?order_no=LM7',
  );
}

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  signInTestUser();
});

afterEach(() => vi.unstubAllGlobals());

describe('PaymentResultPage', () => {
  it('waits for the provider, then says succeeded and refreshes the account', async () => {
    const answers = [order({}), order({ status: 'paid' }), order({ status: 'active' })];
    api.on('GET', '/prod-api/trade/v1/orders/LM7', () => ({
      result: answers.length > 1 ? answers.shift() : answers[0],
    }));
    api.on('GET', '/prod-api/trade/v1/account', {
      result: testAccount({ grade: 2, credits: 4030 }),
    });
    renderResult();

    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'Payment succeeded' }, { timeout: 6000 }),
    ).toBeVisible();
    expect(await screen.findByText(/Your plan is active/, {}, { timeout: 6000 })).toBeVisible();
    expect(screen.getByText('¥99')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to member centre' })).toHaveAttribute(
      'href',
      '/member',
    );
  }, 15_000);

  it('shows the failure with the server’s reason, and a cancellation as cancelled', async () => {
    api.on('GET', '/prod-api/trade/v1/orders/LM7', {
      result: order({
        status: 'cancelled',
        failure: '3ds_failed',
        failure_msg: '3DS challenge failed, please try again',
      }),
    });
    renderResult();
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeVisible();
    expect(screen.getByText('3DS challenge failed, please try again')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/pay');
  });

  it('says cancelled for a cancelled checkout', async () => {
    api.on('GET', '/prod-api/trade/v1/orders/LM7', {
      result: order({ status: 'cancelled', failure: 'cancelled', failure_msg: 'cancelled' }),
    });
    renderResult();
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    expect(screen.getByText(/Nothing was charged/)).toBeVisible();
  });
});
