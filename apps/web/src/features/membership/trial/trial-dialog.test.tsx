import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { signInTestUser, testAccount } from '../../../test/session';
import { TrialDialog } from './trial-dialog';
import { openTrialDialog, useTrialDialog } from './trial-dialog-store';

let api: ReturnType<typeof createApiMock>;

function account(grade: number) {
  return { result: testAccount({ grade }) };
}

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  useTrialDialog.setState({ opened: false });
  signInTestUser();
  api.on('GET', '/prod-api/trade/v1/subscription', { result: null });
});

afterEach(() => vi.unstubAllGlobals());

describe('TrialDialog', () => {
  it('claims the trial once and says what it gave', async () => {
    api.on('GET', '/prod-api/trade/v1/account', account(0));
    api.on('GET', '/prod-api/trade/v1/trial/eligibility', {
      result: { threeDay: true, fiftyDiscount: 0, hours: 72, credits: 400 },
    });
    api.on('POST', '/prod-api/trade/v1/trial/claim', {
      result: { grade: 2, credits: 400, expires_at: '2026-03-04T00:00:00.000Z' },
    });
    renderRoutes([{ path: '/', element: <TrialDialog /> }], '/');
    act(() => openTrialDialog());

    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Start my 3-day trial' }));
    expect(await screen.findByRole('heading', { name: 'Your Plus trial is on' })).toBeVisible();
    expect(screen.getByText(/400 credits have been added/)).toBeVisible();
    expect(api.requests('POST', '/prod-api/trade/v1/trial/claim')).toHaveLength(1);
  });

  it('shows the refusal the server sends', async () => {
    api.on('GET', '/prod-api/trade/v1/account', account(0));
    api.on('GET', '/prod-api/trade/v1/trial/eligibility', {
      result: { threeDay: true, fiftyDiscount: 0, hours: 24, credits: 200 },
    });
    api.on('POST', '/prod-api/trade/v1/trial/claim', {
      code: 1009,
      msg: 'Already have a plan, cannot claim the trial',
      status: 409,
    });
    renderRoutes([{ path: '/', element: <TrialDialog /> }], '/');
    act(() => openTrialDialog());
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Start my 24-hour trial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Already have a plan, cannot claim the trial',
    );
  });

  it('tells a subscriber that the trial is not for accounts with a plan', async () => {
    api.on('GET', '/prod-api/trade/v1/account', account(2));
    api.on('GET', '/prod-api/trade/v1/trial/eligibility', {
      result: { threeDay: false, fiftyDiscount: 0, hours: 72, credits: 400 },
    });
    renderRoutes([{ path: '/', element: <TrialDialog /> }], '/');
    act(() => openTrialDialog());
    expect(
      await screen.findByText('You already have a plan, so the free trial cannot be claimed.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Start my/ })).not.toBeInTheDocument();
  });
});
