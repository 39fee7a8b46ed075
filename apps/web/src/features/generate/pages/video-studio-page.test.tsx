import { ErrorCode } from '@lumen/contracts/error-codes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPayRequiredHandler } from '../../../shared/api/session-hooks';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { testAccount } from '../../../test/session';
import { useRuns } from '../runs-store';
import { VideoStudioPage } from './video-studio-page';

const submitPath = '/api/gw/v3/video/video_diffusion/async';
const quotePath = '/prod-api/trade/v1/quote';
let api: ReturnType<typeof createApiMock>;
const payRequired = vi.fn<(code: number, msg: string) => void>();

function signIn() {
  useSession.setState({
    user: {
      userId: '5',
      username: 'ada',
      nickname: 'Ada',
      avatar: '',
      isAdmin: false,
      menuList: [],
    },
  });
}

function renderPage() {
  return renderRoutes([{ path: '/studio/video', element: <VideoStudioPage /> }], '/studio/video');
}

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  api.on('GET', '/prod-api/trade/v1/account', { result: testAccount({ grade: 0 }) });
  api.on('POST', quotePath, {
    result: {
      cost: 30,
      allowed: true,
      reason_code: null,
      reason: null,
      estimated_wait_min: 10,
      mode: 'standard',
      balance: 300,
    },
  });
  api.on('GET', '/prod-api/content/tasks', {
    result: { data: [], total: 0, page: 1, page_size: 12 },
  });
  api.on('POST', submitPath, {
    result: {
      task_id: '0c7e6a1e-5b8d-4f39-9a51-0d2f3c4b5a69',
      cost: 30,
      queue_position: 1,
      estimated_wait_min: 10,
    },
  });
  payRequired.mockReset();
  setPayRequiredHandler(payRequired);
  useRuns.setState({ userId: null, runs: { image: [], video: [], '3d': [] } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setPayRequiredHandler(() => undefined);
  useSession.setState({ user: null, loginOpen: false });
});

describe('video studio sound effect', () => {
  it('is for subscribers: a free account is asked to upgrade and sends none', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage();
    const sound = await screen.findByRole('switch', { name: 'Sound effect' });
    await waitFor(() => expect(api.requests('GET', '/prod-api/trade/v1/account')).toHaveLength(1));
    await user.click(sound);
    expect(payRequired).toHaveBeenLastCalledWith(
      ErrorCode.upgradeRequired,
      'Sound effects are available to subscribed users only',
    );
    expect(sound).not.toBeChecked();

    await user.click(screen.getByRole('textbox', { name: /Prompt/ }));
    await user.paste('rain on a tin roof');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(api.requests('POST', submitPath)).toHaveLength(1));
    expect(api.requests('POST', submitPath)[0]?.body).toMatchObject({
      params: { sound_effect: false },
    });
  });

  it('is sent, and quoted, when a plus account turns it on', async () => {
    api.on('GET', '/prod-api/trade/v1/account', { result: testAccount({ grade: 2 }) });
    signIn();
    const user = userEvent.setup();
    renderPage();
    const sound = await screen.findByRole('switch', { name: 'Sound effect' });
    await waitFor(() => expect(api.requests('GET', '/prod-api/trade/v1/account')).toHaveLength(1));
    await user.click(sound);
    expect(sound).toBeChecked();
    expect(payRequired).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(api.requests('POST', quotePath).at(-1)?.body).toMatchObject({
        features: ['sound_effect'],
      }),
    );

    await user.click(screen.getByRole('textbox', { name: /Prompt/ }));
    await user.paste('waves on a pebble beach');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(api.requests('POST', submitPath)).toHaveLength(1));
    expect(api.requests('POST', submitPath)[0]?.body).toMatchObject({
      prompt: 'waves on a pebble beach',
      params: { sound_effect: true },
    });
  });
});
