import { ErrorCode } from '@lumen/contracts/error-codes';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../../shared/api/client';
import { setPayRequiredHandler } from '../../../shared/api/session-hooks';
import { openPayDialog, usePayDialog } from '../../../shared/session/pay-dialog-store';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { signInTestUser, testAccount } from '../../../test/session';
import { goTo } from '../go-to';
import { catalogue, subscription } from '../test-fixtures';
import { openPayDialogForCode } from './open-pay-dialog-for-code';
import { PayDialog } from './pay-dialog';

vi.mock('../go-to', () => ({ goTo: vi.fn() }));

let api: ReturnType<typeof createApiMock>;

/** `trial`: whether the user may still claim the Plus trial (a free user may, by default). */
function signInWithGrade(grade: number, trial = grade === 0) {
  signInTestUser();
  api.on('GET', '/prod-api/trade/v1/account', {
    result: testAccount({
      grade,
      plan_ends_at: grade === 0 ? null : '2026-03-31T00:00:00.000Z',
      credits: 12,
    }),
  });
  api.on('GET', '/prod-api/trade/v1/subscription', {
    result: grade === 0 ? null : subscription(),
  });
  api.on('GET', '/prod-api/trade/v1/trial/eligibility', {
    result: { threeDay: trial, fiftyDiscount: 0, hours: 72, credits: 400 },
  });
}

function renderDialog() {
  renderRoutes([{ path: '/', element: <PayDialog /> }], '/');
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  api.on('GET', '/prod-api/trade/v1/skus', { result: { total: 10, list: catalogue() } });
  usePayDialog.setState({ opened: false, request: {}, openCount: 0 });
  setPayRequiredHandler(openPayDialogForCode);
  vi.mocked(goTo).mockClear();
});

afterEach(() => {
  setPayRequiredHandler(() => undefined);
  vi.unstubAllGlobals();
});

describe('PayDialog', () => {
  it('shows a free user the tab asked for, and can hide the switcher', async () => {
    signInWithGrade(0, false);
    renderDialog();

    act(() => openPayDialog({ tab: 'credits' }));
    expect(await screen.findByText('Your balance')).toBeInTheDocument();
    expect(selectedTab()).toHaveTextContent('Credits');
    expect(await screen.findByText('12 credits')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Buy 1,000 credits for ¥29.90' }),
    ).toBeInTheDocument();

    act(() => openPayDialog({ tab: 'membership', showTab: false }));
    expect(await screen.findByRole('heading', { name: 'Plus' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Plus' })).toBeEnabled();
  });

  it('switches to yearly prices with the 20% saving', async () => {
    signInWithGrade(0);
    renderDialog();
    act(() => openPayDialog({ tab: 'membership' }));
    const plus = await screen.findByTestId('plan-plus');
    expect(plus).toHaveTextContent('¥99');
    expect(plus).toHaveTextContent('4,000 credits every month');

    await userEvent.setup().click(screen.getByText('Yearly'));
    // ¥950.40 a year is ¥79.20 a month, against a list price of ¥1,188.
    expect(plus).toHaveTextContent('¥79.20');
    expect(plus).toHaveTextContent('¥950.40 billed yearly');
    expect(plus).toHaveTextContent('¥1,188');
    expect(plus).toHaveTextContent('You save ¥237.60 a year (20%)');
  });

  it('buys a plan: creates the order and leaves for the checkout', async () => {
    signInWithGrade(0);
    api.on('POST', '/prod-api/trade/v1/orders', {
      result: {
        order_no: 'LM1',
        checkout_url: '/pay/checkout/cs_1',
        session_id: 'cs_1',
      },
    });
    renderDialog();
    act(() => openPayDialog({ tab: 'membership' }));
    const user = userEvent.setup();
    await user.click(screen.getByText('Yearly'));
    await user.click(await screen.findByRole('button', { name: 'Get Pro' }));

    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/pay/checkout/cs_1'));
    expect(api.requests('POST', '/prod-api/trade/v1/orders')[0]?.body).toEqual({
      sku_id: 'pro-year',
    });
  });

  it('shows a paid user the credits tab whatever was asked, and asks to cancel first', async () => {
    signInWithGrade(2);
    renderDialog();
    act(() => openPayDialog({ tab: 'membership', showTab: false, reason: 'noCredits' }));

    await vi.waitFor(() => expect(selectedTab()).toHaveTextContent('Credits'));
    expect(
      screen.getByText("Don't have enough points for production, Get Credits!"),
    ).toBeInTheDocument();

    // The switcher stays for paid users; their plan is marked and the others wait (spec §4).
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Membership' }));
    expect(await screen.findByRole('button', { name: 'Current plan' })).toBeDisabled();
    for (const button of screen.getAllByRole('button', { name: 'Cancel current plan first' })) {
      expect(button).toBeDisabled();
    }
    expect(screen.getByText(/To switch plans, cancel first/)).toBeInTheDocument();
  });

  it('shows a free user who may claim the trial the trial first, even when credits were asked for', async () => {
    signInWithGrade(0);
    renderDialog();
    act(() => openPayDialog({ tab: 'credits', reason: 'noCredits' }));
    expect(await screen.findByRole('button', { name: 'Claim free trial' })).toBeInTheDocument();
    expect(selectedTab()).toHaveTextContent('Membership');
    // The credit packs stay one tab away.
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Credits' }));
    expect(await screen.findByText('Your balance')).toBeInTheDocument();
  });

  it('opens on answer 2007 with the no-credits message the server sent', async () => {
    signInWithGrade(0, false);
    api.on('POST', '/api/gw/v3/image/txt2img/async', {
      code: ErrorCode.noCredits,
      msg: "Don't have enough points for production, Get Credits or become a subscriber!",
    });
    renderDialog();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(() =>
      expect(
        apiRequest('/api/gw/v3/image/txt2img/async', { body: {}, silent: true }),
      ).rejects.toMatchObject({ code: 2007 }),
    );

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      "Don't have enough points for production, Get Credits or become a subscriber!",
    );
    expect(selectedTab()).toHaveTextContent('Credits');
  });

  it('opens on answer 2020 with the upgrade message and plans only for a free user', async () => {
    signInWithGrade(0);
    api.on('POST', '/api/gw/v3/video/video_diffusion/async', {
      code: ErrorCode.upgradeRequired,
      msg: '',
    });
    renderDialog();

    await act(() =>
      expect(
        apiRequest('/api/gw/v3/video/video_diffusion/async', { body: {}, silent: true }),
      ).rejects.toMatchObject({
        code: 2020,
      }),
    );

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This feature is available to subscribed users only');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Pro' })).toBeInTheDocument();
  });
});
