import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { goTo } from '../go-to';
import { SandboxCheckoutPage } from './sandbox-checkout-page';

vi.mock('../go-to', () => ({ goTo: vi.fn() }));

const sessionPath = '/prod-api/trade/v1/sandbox/checkout/cs_1';
let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  signInTestUser();
  window.localStorage.setItem('ticket', 'ticket-of-the-owner');
  api.on('GET', sessionPath, {
    result: {
      session_id: 'cs_1',
      order_no: 'LM1',
      sku_name: 'credits-500',
      amount_fen: 1600,
      currency: 'CNY',
      status: 'open',
      expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      return_url: '/pay/result?order_no=LM1',
    },
  });
  api.on('POST', sessionPath, {
    result: {
      order_no: 'LM1',
      status: 'active',
      failure: null,
      failure_msg: null,
      return_url: '/pay/result?order_no=LM1',
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sandbox hosted checkout', () => {
  it("sends the owner's ticket when it shows the checkout and when it pays", async () => {
    renderRoutes(
      [{ path: '/pay/checkout/:sessionId', element: <SandboxCheckoutPage /> }],
      '/pay/checkout/cs_1',
    );
    expect(await screen.findByTestId('checkout-amount')).toHaveTextContent('¥16');
    expect(api.requests('GET', sessionPath)[0]?.headers.Authorization).toBe(
      'Bearer ticket-of-the-owner',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: /^Pay ¥16/ }));
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/pay/result?order_no=LM1'));
    const [paid] = api.requests('POST', sessionPath);
    expect(paid?.headers.Authorization).toBe('Bearer ticket-of-the-owner');
    expect(paid?.body).toEqual({ outcome: 'pay' });
  });
});
