import { ErrorCode } from '@lumen/contracts/error-codes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { setPayRequiredHandler } from '../../../shared/api/session-hooks';
import type { QuoteView } from '../use-quote';
import { CostBar } from './cost-bar';

function quoteOf(cost: number, balance: number): QuoteView {
  const allowed = balance >= cost;
  return {
    cost,
    loading: false,
    quote: {
      cost,
      allowed,
      reason_code: allowed ? null : ErrorCode.noCredits,
      reason: allowed ? null : "Don't have enough points for production",
      estimated_wait_min: 1,
      mode: 'standard',
      balance,
    },
  };
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
