import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { CreditBillsPage } from './credit-bills-page';
import { signInTestUser, testAccount } from '../../../test/session';

let api: ReturnType<typeof createApiMock>;

const dailyLogin = {
  id: 1,
  date: '2026-03-02T09:00:00.000Z',
  event: 'Daily login',
  expiration: '2026-03-03T12:00:00.000Z',
  service: null,
  credits: 30,
  type: 'gift',
  kind: 'free',
};
const imageSpend = {
  id: 2,
  date: '2026-03-02T10:00:00.000Z',
  event: 'Text to image',
  expiration: null,
  service: 'txt2img',
  credits: -2,
  type: 'consumption',
  kind: null,
};

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  signInTestUser();
  api.on('GET', '/prod-api/trade/v1/account', {
    result: testAccount({ credits: 28 }),
  });
  // The server filters; the mock answers like it so the page's rows follow the filter sent.
  api.on('GET', '/prod-api/trade/v1/credits/bills', ({ url }) => {
    const filter = url.searchParams.get('filter');
    const page = Number(url.searchParams.get('page'));
    const rows = {
      all: [imageSpend, dailyLogin],
      consumed: [imageSpend],
      free: [dailyLogin],
      purchased: [],
    }[filter ?? 'all'];
    return {
      result: {
        data: rows,
        total: filter === 'all' ? 45 : (rows?.length ?? 0),
        page,
        page_size: 20,
      },
    };
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  return renderRoutes(
    [{ path: '/account/credits', element: <CreditBillsPage /> }],
    '/account/credits',
  );
}

describe('CreditBillsPage', () => {
  it('lists records with signed, coloured credits, type and expiry, and pages through them', async () => {
    const user = userEvent.setup();
    renderPage();

    const rows = await screen.findAllByTestId('bill-row');
    expect(rows).toHaveLength(2);
    const spend = within(rows[0] as HTMLElement);
    // The server names the charge by its task type; the service column carries that name.
    expect(spend.getByText('Generation')).toBeInTheDocument();
    expect(spend.getByText('Text to image')).toBeInTheDocument();
    expect(spend.getByText('Consumption')).toBeInTheDocument();
    expect(spend.getByText('\u22122')).toHaveStyle({ color: 'var(--mantine-color-red-7)' });
    const grant = within(rows[1] as HTMLElement);
    expect(grant.getByText('Daily login')).toBeInTheDocument();
    expect(grant.getByText('+30')).toHaveStyle({ color: 'var(--mantine-color-teal-7)' });
    expect(grant.getByText('Gift')).toBeInTheDocument();
    expect(grant.getByText(/Mar 3, 2026/)).toBeInTheDocument();
    expect(await screen.findByText('28')).toBeInTheDocument();

    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() =>
      expect(
        api
          .requests('GET', '/prod-api/trade/v1/credits/bills')
          .at(-1)
          ?.url.searchParams.get('page'),
      ).toBe('3'),
    );
    expect(await screen.findByText('41–45 of 45')).toBeInTheDocument();
  });

  it('asks the server for each filter and starts again from the first page', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('bill-row');
    await user.click(screen.getByRole('button', { name: '2' }));

    await user.click(screen.getByRole('radio', { name: 'Consumed' }));
    await waitFor(() => expect(screen.getAllByTestId('bill-row')).toHaveLength(1));
    expect(screen.getByText('Text to image')).toBeInTheDocument();
    const last = () =>
      api.requests('GET', '/prod-api/trade/v1/credits/bills').at(-1)?.url.searchParams;
    expect(last()?.get('filter')).toBe('consumed');
    expect(last()?.get('page')).toBe('1');

    await user.click(screen.getByRole('radio', { name: 'Obtained free' }));
    await waitFor(() => expect(last()?.get('filter')).toBe('free'));
    expect(await screen.findByText('Daily login')).toBeInTheDocument();
    expect(screen.queryByText('Text to image')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Purchased' }));
    expect(
      await screen.findByText('Credit packs and plan credits you buy will be listed here.'),
    ).toBeInTheDocument();
    expect(last()?.get('filter')).toBe('purchased');
  });
});
