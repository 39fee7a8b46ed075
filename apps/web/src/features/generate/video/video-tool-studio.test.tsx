import { ErrorCode } from '@lumen/contracts/error-codes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { signInTestUser, testAccount } from '../../../test/session';
import { catchPayRequired, mockStudioApi, resetStudioApi } from '../../../test/studio-api';
import { VideoStudioPage } from '../pages/video-studio-page';

const lipSyncPath = '/api/gw/v3/video/mouth_speech/async';
let api: ReturnType<typeof mockStudioApi>;
let payRequired: ReturnType<typeof catchPayRequired>;

/** jsdom decodes no images: this one "loads" as a 512×640 portrait. */
class FakeImage {
  naturalWidth = 0;
  naturalHeight = 0;
  onload: (() => void) | null = null;
  set src(_value: string) {
    this.naturalWidth = 512;
    this.naturalHeight = 640;
    queueMicrotask(() => this.onload?.());
  }
}

function renderAt(path: string) {
  return renderRoutes([{ path: '/studio/video', element: <VideoStudioPage /> }], path);
}

beforeEach(() => {
  api = mockStudioApi(lipSyncPath, { cost: 100 });
  payRequired = catchPayRequired();
  api.on('GET', '/prod-api/content/voices', {
    result: {
      voices: [
        {
          id: 'en-f-1',
          name: 'Ava',
          language: 'en',
          gender: 'female',
          sample_url: '/voices/en-f-1.wav',
        },
        {
          id: 'es-m-1',
          name: 'Mateo',
          language: 'es',
          gender: 'male',
          sample_url: '/voices/es-m-1.wav',
        },
      ],
    },
  });
  api.on('POST', '/prod-api/content/uploads', {
    result: { key: 'uploads/7/face.jpg', upload_url: '/files/upload/x?sig=1', expires_in: 600 },
  });
  api.on('POST', '/prod-api/content/uploads/complete', {
    result: { key: 'uploads/7/face.jpg', mime: 'image/jpeg', width: 512, height: 640, size: 9000 },
  });
  const mocked = api.fetchMock;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'PUT' ? Promise.resolve(new Response(null)) : mocked(input, init),
  );
  vi.stubGlobal('Image', FakeImage);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(resetStudioApi);

describe('video studio modes', () => {
  it('offers every tool mode, gated ones with a PLUS badge', async () => {
    signInTestUser();
    renderAt('/studio/video?mode=extend');
    const modes = screen.getByRole('group', { name: 'Video mode' });
    const names = within(modes)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toHaveLength(12);
    expect(within(modes).getByRole('button', { name: /Extend/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(within(modes).getByRole('button', { name: /Magic brush/ })).toHaveTextContent('PLUS'),
    );
    expect(within(modes).getByRole('button', { name: /^4K/ })).toHaveTextContent('PLUS');
    expect(within(modes).getByRole('button', { name: /Lip sync/ })).not.toHaveTextContent('PLUS');
    expect(within(modes).getByRole('button', { name: /Character/ })).toBeEnabled();
    // Extend takes a clip, not a picture; its quote names the length.
    expect(screen.getByText('Upload an MP4')).toBeInTheDocument();
    expect(screen.getByText('Choose a video to continue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await waitFor(() =>
      expect(api.requests('POST', '/prod-api/trade/v1/quote').at(-1)?.body).toMatchObject({
        task_type: 'video_extend',
        duration: 5,
      }),
    );
  });

  it('asks a free account to upgrade for 10 s extensions', async () => {
    signInTestUser();
    const user = userEvent.setup();
    renderAt('/studio/video?mode=extend');
    await waitFor(() => expect(api.requests('GET', '/prod-api/trade/v1/account')).toHaveLength(1));
    await user.click(await screen.findByRole('radio', { name: /10 s/ }));
    expect(payRequired).toHaveBeenCalledWith(ErrorCode.upgradeRequired, expect.any(String));
  });

  it('sends lip sync of a portrait with a text spoken in the chosen voice', async () => {
    api.on('GET', '/prod-api/trade/v1/account', { result: testAccount({ grade: 2 }) });
    signInTestUser();
    const user = userEvent.setup();
    renderAt('/studio/video?mode=lip_sync');
    const mateo = await screen.findByRole('radio', { name: /Mateo/ });
    expect(screen.getByRole('radio', { name: /Ava/ })).toBeChecked();
    expect(screen.getByRole('button', { name: "Play Ava's sample" })).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Portrait (one clear face)'),
      new File(['x'], 'face.jpg', { type: 'image/jpeg' }),
    );
    await screen.findByRole('button', { name: /Remove Portrait/ });
    expect(
      await screen.findByText('Type the text to speak and choose a voice'),
    ).toBeInTheDocument();
    await user.click(mateo);
    await user.click(screen.getByLabelText('Text to speak'));
    await user.paste('Hola a todos');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(api.requests('POST', lipSyncPath)).toHaveLength(1));
    expect(api.requests('POST', lipSyncPath)[0]?.body).toMatchObject({
      prompt: '',
      images: ['uploads/7/face.jpg'],
      videos: [],
      audios: [],
      params: { speech_text: 'Hola a todos', voice: 'es-m-1' },
    });
  }, 60_000);
});
