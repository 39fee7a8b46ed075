import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { TestPaymentsRibbon } from './test-payments-ribbon';

const configPath = '/prod-api/trade/v1/payment-config';
let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('test-payments ribbon', () => {
  it('shows when the server takes test payments in production', async () => {
    api.on('GET', configPath, { result: { provider: 'sandbox', test_payments: true } });
    renderWithProviders(<TestPaymentsRibbon />);
    const ribbon = await screen.findByTestId('test-payments-ribbon');
    expect(ribbon).toHaveTextContent('Test payments');
    expect(ribbon).toHaveAccessibleName('Test payments: paying on this site charges no money.');
  });

  it('stays away for real payments, none at all, or an unreachable server', async () => {
    for (const result of [
      { provider: 'stripe', test_payments: false },
      { provider: null, test_payments: false },
    ]) {
      api.on('GET', configPath, { result });
      const { unmount } = renderWithProviders(<TestPaymentsRibbon />);
      await vi.waitFor(() => expect(api.requests('GET', configPath).length).toBeGreaterThan(0));
      expect(screen.queryByTestId('test-payments-ribbon')).toBeNull();
      unmount();
    }
    api.on('GET', configPath, { code: 1500, msg: 'System error', status: 500 });
    renderWithProviders(<TestPaymentsRibbon />);
    await vi.waitFor(() => expect(api.requests('GET', configPath).length).toBe(3));
    expect(screen.queryByTestId('test-payments-ribbon')).toBeNull();
  });
});
