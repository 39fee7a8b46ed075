import { ErrorCode } from '@lumen/contracts/error-codes';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quote } from '@lumen/contracts/credits';
import { focusManager } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { signInTestUser, testAccount } from '../../../test/session';
import { resetStudioApi } from '../../../test/studio-api';
import { useQuote } from '../use-quote';
import { createQueryClient } from '../../../app/query-client';
import { Providers } from '../../../app/providers';
import { renderWithProviders } from '../../../test/render';
import { setPayRequiredHandler } from '../../../shared/api/session-hooks';
import type { QuoteView } from '../use-quote';
import { CostBar } from './cost-bar';

function quoteAnswer(cost: number, balance: number): Quote {
  const allowed = balance >= cost;
  return {
    cost,
    allowed,
    reason_code: allowed ? null : ErrorCode.noCredits,
    reason: allowed ? null : "Don't have enough points for production",
    estimated_wait_min: 1,
    mode: 'standard',
    balance,
  };
}

function quoteOf(cost: number, balance: number): QuoteView {
  const quote = quoteAnswer(cost, balance);
  return { cost, loading: false, quote, refresh: () => Promise.resolve(quote) };
}

/** Renders with the app's own query client, which does not refetch on focus by default. */
function renderAsApp(ui: ReactElement) {
  return render(
    <Providers env="test" queryClient={createQueryClient()}>
      {ui}
    </Providers>,
  );
}

/** The cost bar as a page uses it: its quote asked of the server for a 4-credit run. */
function LiveCostBar() {
  const quote = useQuote({ task_type: 'txt2img', count: 4, private: false, model: 'standard' });
  return <CostBar quote={quote} submitting={false} blocker={null} />;
}

describe('the cost bar', () => {
  it('says what a run would leave before it is pressed', () => {
    renderWithProviders(
      <form>
        <CostBar quote={quoteOf(30, 30)} submitting={false} blocker={null} />
      </form>,
    );
    expect(screen.getByTestId('cost-after')).toHaveTextContent('Leaves 0 credits after this run');
  });

  it('stops a run the balance cannot pay for and offers what fits next to getting credits', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const payRequired = vi.fn();
    setPayRequiredHandler(payRequired);
    const fewer = vi.fn();
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <CostBar
          quote={quoteOf(4, 1)}
          submitting={false}
          blocker={null}
          fits={[{ label: 'Make 1 picture instead', apply: fewer }]}
        />
      </form>,
    );
    expect(screen.getByTestId('cost-after')).toHaveTextContent('3 more credits needed');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: 'Not enough credits' });
    expect(dialog).toHaveTextContent('This run needs 4 credits and you have 1');
    await userEvent.click(screen.getByRole('button', { name: 'Make 1 picture instead' }));
    expect(fewer).toHaveBeenCalledOnce();

    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Not enough credits' })).getByRole(
        'button',
        { name: 'Get credits' },
      ),
    );
    expect(payRequired).toHaveBeenCalledWith(ErrorCode.noCredits, expect.any(String));
    setPayRequiredHandler(() => undefined);
  });

  it('lets a run the balance covers through', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <CostBar quote={quoteOf(2, 30)} submitting={false} blocker={null} />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the cost bar against a balance that moved in another tab', () => {
  afterEach(resetStudioApi);

  /** The server's answers for a balance that `balance()` reads at the time of each call. */
  function mockBalance(balance: () => number) {
    const api = createApiMock();
    vi.stubGlobal('fetch', api.fetchMock);
    signInTestUser();
    api.on('GET', '/prod-api/trade/v1/account', () => ({
      result: testAccount({ credits: balance() }),
    }));
    api.on('POST', '/prod-api/trade/v1/quote', () => ({ result: quoteAnswer(4, balance()) }));
    return api;
  }

  it('reads the balance again before stopping a run, so credits bought elsewhere let it through', async () => {
    let balance = 1;
    mockBalance(() => balance);
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderAsApp(
      <form onSubmit={onSubmit}>
        <LiveCostBar />
      </form>,
    );
    expect(await screen.findByTestId('cost-after')).toHaveTextContent('3 more credits needed');
    // Credits bought in another tab: this page has not heard of them yet.
    balance = 50;
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Balance: 50 credits')).toBeInTheDocument();
  });

  it('still stops the run when the balance read again is short', async () => {
    mockBalance(() => 1);
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderAsApp(
      <form onSubmit={onSubmit}>
        <LiveCostBar />
      </form>,
    );
    await screen.findByTestId('cost-after');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('dialog', { name: 'Not enough credits' })).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reads the balance again when the window comes back into focus', async () => {
    let balance = 1;
    const api = mockBalance(() => balance);
    renderAsApp(
      <form>
        <LiveCostBar />
      </form>,
    );
    expect(await screen.findByText('Balance: 1 credit')).toBeInTheDocument();
    balance = 50;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('Balance: 50 credits')).toBeInTheDocument();
    expect(api.requests('GET', '/prod-api/trade/v1/account').length).toBeGreaterThan(1);
    focusManager.setFocused(undefined);
  });
});
