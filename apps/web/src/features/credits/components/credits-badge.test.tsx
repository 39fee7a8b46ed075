import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { signInTestUser, testAccount } from '../../../test/session';
import { CreditsBadge } from './credits-badge';

let api: ReturnType<typeof createApiMock>;

function withBalance(credits: number) {
  signInTestUser();
  api.on('GET', '/prod-api/trade/v1/account', {
    result: testAccount({ grade: 2, credits }),
  });
}

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, hasRefreshCredential: false });
});

describe('CreditsBadge', () => {
  it('shows the exact balance in the desktop top bar', async () => {
    withBalance(4030);
    renderWithProviders(
      <MemoryRouter>
        <CreditsBadge />
      </MemoryRouter>,
    );
    expect(await screen.findByText('4,030')).toBeInTheDocument();
  });

  it('shortens four-digit balances on phones, keeping the exact sum in its label', async () => {
    withBalance(4030);
    renderWithProviders(
      <MemoryRouter>
        <CreditsBadge compact />
      </MemoryRouter>,
    );
    expect(await screen.findByText('4K')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /4030 credits/ })).toHaveAttribute(
      'href',
      '/account/credits',
    );
  });

  it('keeps small balances exact on phones', async () => {
    withBalance(999);
    renderWithProviders(
      <MemoryRouter>
        <CreditsBadge compact />
      </MemoryRouter>,
    );
    expect(await screen.findByText('999')).toBeInTheDocument();
  });
});
