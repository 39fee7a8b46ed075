import type { AdminOrder } from '@lumen/contracts/trade';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { PaymentsReviewPage } from './payments-review-page';

const listPath = '/prod-api/admin/orders/review';
const resolvePath = '/prod-api/admin/orders/LM7/resolve';

function heldOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    order_no: 'LM7',
    status: 'review',
    type: 'topup',
    sku_id: 'credits-500',
    sku_name: 'credits-500',
    amount_fen: 1600,
    currency: 'CNY',
    detail: '500 credits',
    provider: 'sandbox',
    failure: null,
    failure_msg: null,
    created_at: '2026-06-10T20:00:00.000Z',
    paid_at: '2026-06-10T20:01:00.000Z',
    activated_at: null,
    user_id: 31,
    paid_amount_fen: 1,
    ...overrides,
  };
}

let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  signInTestUser({ isAdmin: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderPage = () =>
  renderRoutes([{ path: '/admin/payments', element: <PaymentsReviewPage /> }], '/admin/payments');

describe('payments in review', () => {
  it('lists held orders with the price and what was paid, and accepts one after asking', async () => {
    let held = [heldOrder()];
    api.on('GET', listPath, () => ({ result: { total: held.length, list: held } }));
    api.on('POST', resolvePath, () => {
      held = [];
      return { result: heldOrder({ status: 'active' }) };
    });
    renderPage();

    const row = await screen.findByTestId('review-order-row');
    expect(row).toHaveTextContent('LM7');
    expect(row).toHaveTextContent('500 credits');
    expect(row).toHaveTextContent('¥16.00');
    expect(row).toHaveTextContent('¥0.01');
    expect(row).toHaveTextContent('31');

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this payment?' });
    expect(dialog).toHaveTextContent('Order LM7 was paid ¥0.01 for a price of ¥16.00.');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    await vi.waitFor(() => expect(api.requests('POST', resolvePath)).toHaveLength(1));
    expect(api.requests('POST', resolvePath)[0]?.body).toEqual({ action: 'accept' });
    expect(await screen.findByText('No payments are waiting for a review.')).toBeVisible();
  });

  it('shows the translated refusal when an order was already decided', async () => {
    api.on('GET', listPath, { result: { total: 1, list: [heldOrder()] } });
    api.on('POST', resolvePath, {
      code: 1009,
      msg: 'This order is not waiting for a review',
      status: 409,
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await vi.waitFor(() => expect(api.requests('POST', resolvePath)).toHaveLength(1));
    expect(await screen.findByText('This order is not waiting for a review')).toBeVisible();
    expect(api.requests('POST', resolvePath)[0]?.body).toEqual({ action: 'cancel' });
  });
});
