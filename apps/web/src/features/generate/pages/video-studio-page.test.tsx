import { ErrorCode } from '@lumen/contracts/error-codes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { signInTestUser, testAccount } from '../../../test/session';
import { catchPayRequired, mockStudioApi, resetStudioApi } from '../../../test/studio-api';
import { VideoStudioPage } from './video-studio-page';

const submitPath = '/api/gw/v3/video/video_diffusion/async';
const quotePath = '/prod-api/trade/v1/quote';
let api: ReturnType<typeof mockStudioApi>;
let payRequired: ReturnType<typeof catchPayRequired>;

function renderPage() {
  return renderRoutes([{ path: '/studio/video', element: <VideoStudioPage /> }], '/studio/video');
}

beforeEach(() => {
  api = mockStudioApi(submitPath, { cost: 30 });
  payRequired = catchPayRequired();
});

afterEach(resetStudioApi);

/** Types a prompt, presses Generate and answers the one submission's body. */
async function generate(user: ReturnType<typeof userEvent.setup>, prompt: string) {
  await user.click(screen.getByRole('textbox', { name: /Prompt/ }));
  await user.paste(prompt);
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(api.requests('POST', submitPath)).toHaveLength(1));
  return api.requests('POST', submitPath)[0]?.body;
}

/** The studio once the account's grade has arrived, so its gating is settled. */
async function renderSettled() {
  renderPage();
  await waitFor(() => expect(api.requests('GET', '/prod-api/trade/v1/account')).toHaveLength(1));
}

describe('video studio sound effect', () => {
  it('is for subscribers: a free account is asked to upgrade and sends none', async () => {
    signInTestUser();
    const user = userEvent.setup();
    await renderSettled();
    const sound = screen.getByRole('switch', { name: 'Sound effect' });
    await user.click(sound);
    expect(payRequired).toHaveBeenLastCalledWith(
      ErrorCode.upgradeRequired,
      'Sound effects are available to subscribed users only',
    );
    expect(sound).not.toBeChecked();

    expect(await generate(user, 'rain on a tin roof')).toMatchObject({
      params: { sound_effect: false },
    });
  });

  it('is sent, and quoted, when a plus account turns it on', async () => {
    api.on('GET', '/prod-api/trade/v1/account', { result: testAccount({ grade: 2 }) });
    signInTestUser();
    const user = userEvent.setup();
    await renderSettled();
    const sound = screen.getByRole('switch', { name: 'Sound effect' });
    await user.click(sound);
    expect(sound).toBeChecked();
    expect(payRequired).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(api.requests('POST', quotePath).at(-1)?.body).toMatchObject({
        features: ['sound_effect'],
      }),
    );

    expect(await generate(user, 'waves on a pebble beach')).toMatchObject({
      prompt: 'waves on a pebble beach',
      params: { sound_effect: true },
    });
  });
});

describe('video studio frame rate', () => {
  it('sends the frame rate chosen, 24 fps unless changed', async () => {
    signInTestUser();
    const user = userEvent.setup();
    renderPage();
    const smooth = await screen.findByRole('radio', { name: '30 fps' });
    expect(screen.getByRole('radio', { name: '24 fps' })).toHaveAttribute('aria-checked', 'true');
    await user.click(smooth);
    expect(await generate(user, 'a hummingbird at a flower')).toMatchObject({
      params: { fps: 30 },
    });
  });
});
