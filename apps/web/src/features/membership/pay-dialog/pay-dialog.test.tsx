import { ErrorCode } from '@lumen/contracts/error-codes';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../../shared/api/client';
import { setPayRequiredHandler } from '../../../shared/api/session-hooks';
import { openPayDialog, usePayDialog } from '../../../shared/session/pay-dialog-store';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { openPayDialogForCode } from './open-pay-dialog-for-code';
import { PayDialog } from './pay-dialog';
import { signInTestUser } from '../../../test/session';

let api: ReturnType<typeof createApiMock>;

function signInWithGrade(grade: number) {
  signInTestUser();
  api.on('GET', '/prod-api/trade/v1/account', {
    result: {
      grade,
      plan_name: grade === 0 ? 'free' : 'plus',
      plan_ends_at: grade === 0 ? null : '2026-04-01T00:00:00.000Z',
      credits: 12,
      isFreeVip: false,
      isYearVip: false,
      isPayment: true,
      buckets: [],
    },
  });
}

function renderDialog() {
  renderRoutes([{ path: '/', element: <PayDialog /> }], '/');
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  usePayDialog.setState({ opened: false, request: {}, openCount: 0 });
  setPayRequiredHandler(openPayDialogForCode);
});

afterEach(() => {
  setPayRequiredHandler(() => undefined);
  vi.unstubAllGlobals();
});

describe('PayDialog', () => {
  it('shows a free user the tab asked for, and can hide the switcher', async () => {
    signInWithGrade(0);
    renderDialog();

    act(() => openPayDialog({ tab: 'credits' }));
    expect(await screen.findByText('Your balance')).toBeInTheDocument();
    expect(selectedTab()).toHaveTextContent('Credits');
    expect(await screen.findByText('12 credits')).toBeInTheDocument();

    act(() => openPayDialog({ tab: 'membership', showTab: false }));
    expect(await screen.findByText("Checkout isn't open yet")).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Plus' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the member centre' })).toHaveAttribute(
      'href',
      '/member',
    );
  });

  it('shows a paid user the credits tab whatever was asked, and marks their plan', async () => {
    signInWithGrade(2);
    renderDialog();
    act(() => openPayDialog({ tab: 'membership', showTab: false, reason: 'noCredits' }));

    await vi.waitFor(() => expect(selectedTab()).toHaveTextContent('Credits'));
    expect(
      screen.getByText("Don't have enough points for production, Get Credits!"),
    ).toBeInTheDocument();

    // The switcher stays for paid users, and their own plan is marked, not offered.
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Membership' }));
    expect(await screen.findByRole('button', { name: 'Current plan' })).toBeDisabled();
  });

  it('opens on answer 2007 with the no-credits message the server sent', async () => {
    signInWithGrade(0);
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
    expect(screen.getByRole('heading', { name: 'Pro' })).toBeInTheDocument();
  });
});
