import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { DeleteAccountDialog } from './delete-account-dialog';

let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  api.on('POST', '/prod-api/user/delete', {
    result: { purge_after: '2026-07-01T00:00:00.000Z', reply_within_days: 15 },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeleteAccountDialog', () => {
  it('lists the consequences and deletes only after the exact phrase is typed', async () => {
    const user = userEvent.setup();
    const onDeleted = vi.fn();
    renderWithProviders(
      <DeleteAccountDialog opened onClose={() => undefined} onDeleted={onDeleted} />,
    );

    expect(screen.getByText(/Deletion is irreversible/)).toBeInTheDocument();
    expect(screen.getByText(/ends at once, without a refund/)).toBeInTheDocument();
    expect(screen.getByText(/within 15 working days/)).toBeInTheDocument();

    const input = screen.getByRole('textbox', { name: /to confirm/ });
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    for (const attempt of [
      'delete my account',
      'Delete My Account.',
      ' Delete My Account',
      'Delete My',
    ]) {
      await user.clear(input);
      await user.type(input, attempt);
      expect(confirm, attempt).toBeDisabled();
    }
    await user.clear(input);
    await user.type(input, 'Delete My Account');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() =>
      expect(onDeleted).toHaveBeenCalledWith({
        purge_after: '2026-07-01T00:00:00.000Z',
        reply_within_days: 15,
      }),
    );
    expect(api.requests('POST', '/prod-api/user/delete')[0]?.body).toEqual({
      phrase: 'Delete My Account',
    });
  });
});
