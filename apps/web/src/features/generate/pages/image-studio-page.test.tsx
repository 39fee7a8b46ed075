import { ErrorCode } from '@lumen/contracts/error-codes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { renderRoutes } from '../../../test/render';
import { signInTestUser, testAccount } from '../../../test/session';
import { catchPayRequired, mockStudioApi, resetStudioApi } from '../../../test/studio-api';
import { doneTask, imageOutput, taskRequest } from '../../../test/task-result';
import { ImageStudioPage } from './image-studio-page';

const submitPath = '/api/gw/v3/image/txt2img/async';
let api: ReturnType<typeof mockStudioApi>;
let payRequired: ReturnType<typeof catchPayRequired>;

function account(grade: number) {
  return testAccount({ grade });
}

function signIn() {
  signInTestUser({ userId: '5' });
}

function renderPage() {
  return renderRoutes([{ path: '/studio/image', element: <ImageStudioPage /> }], '/studio/image');
}

beforeEach(() => {
  api = mockStudioApi(submitPath, { cost: 2 });
  payRequired = catchPayRequired();
});

afterEach(resetStudioApi);

describe('image studio gating (plans.ts gradeLimits)', () => {
  it('locks counts above a free account’s 2 images and asks to upgrade instead', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage();
    const locked = await screen.findByRole('radio', { name: '3 images (subscribers only)' });
    expect(screen.getByRole('radio', { name: '4 images (subscribers only)' })).toBeInTheDocument();
    await user.click(locked);
    expect(payRequired).toHaveBeenCalledWith(
      ErrorCode.upgradeRequired,
      'More images per generation are for subscribers only, please adjust your settings',
    );
    expect(locked).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('radio', { name: '2 images' })).toHaveAttribute('aria-checked', 'true');
  });

  it('keeps private generation and the professional model for subscribers', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage();
    const privateSwitch = await screen.findByRole('switch', { name: 'Private generation' });
    await waitFor(() => expect(api.requests('GET', '/prod-api/trade/v1/account')).toHaveLength(1));
    await user.click(privateSwitch);
    expect(payRequired).toHaveBeenLastCalledWith(
      ErrorCode.upgradeRequired,
      'This feature is available to subscribed users only',
    );
    expect(privateSwitch).not.toBeChecked();

    await user.click(screen.getByRole('combobox', { name: 'Model' }));
    await user.click(await screen.findByRole('option', { name: /Professional/ }));
    expect(payRequired).toHaveBeenLastCalledWith(
      ErrorCode.upgradeRequired,
      'The professional model is available to subscribed users only',
    );
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('Standard (turbo)');
  });

  it('opens everything to a plus account', async () => {
    api.on('GET', '/prod-api/trade/v1/account', { result: account(2) });
    signIn();
    const user = userEvent.setup();
    renderPage();
    const four = await screen.findByRole('radio', { name: '4 images' });
    await user.click(four);
    expect(four).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('switch', { name: 'Private generation' }));
    expect(screen.getByRole('switch', { name: 'Private generation' })).toBeChecked();
    expect(payRequired).not.toHaveBeenCalled();
  });
});

describe('image studio generate', () => {
  it('sends visitors to the login dialog without submitting', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('textbox', { name: /Prompt/ }));
    await user.paste('a fox');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(useSession.getState().loginOpen).toBe(true);
    expect(api.requests('POST', submitPath)).toHaveLength(0);
  });

  it('asks for a prompt before sending anything', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Please enter a prompt')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Prompt/ })).toHaveFocus();
    expect(api.requests('POST', submitPath)).toHaveLength(0);
  });

  it('submits the settings once however fast Generate is pressed', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('textbox', { name: /Prompt/ }));
    await user.paste('a red fox in snow');
    await user.click(screen.getByRole('radio', { name: '16:9' }));
    // Both presses land within the 300 ms guard however slow the test machine is.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    await user.dblClick(screen.getByRole('button', { name: 'Generate' }));
    clock.mockRestore();
    await waitFor(() => expect(api.requests('POST', submitPath)).toHaveLength(1));
    const body = api.requests('POST', submitPath)[0]!.body;
    expect(body).toMatchObject({
      prompt: 'a red fox in snow',
      params: { batch_size: 2, wh_ratio: '16:9', seed: -1, style: 'realistic', private: false },
      images: [],
      version: 'standard',
    });
    expect(body.request_id).toEqual(expect.any(String));
    expect(await screen.findByText('In the queue, position 1 · about 10 min')).toBeInTheDocument();
  });

  it('generates with Ctrl+Enter in the prompt, and Enter alone starts a new line', async () => {
    signIn();
    const user = userEvent.setup();
    renderPage();
    const prompt = await screen.findByRole('textbox', { name: /Prompt/ });
    await user.click(prompt);
    await user.keyboard('a fox{Enter}in snow');
    expect(prompt).toHaveValue('a fox\nin snow');
    expect(api.requests('POST', submitPath)).toHaveLength(0);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.requests('POST', submitPath)).toHaveLength(1));
    expect(api.requests('POST', submitPath)[0]!.body).toMatchObject({ prompt: 'a fox\nin snow' });
  });

  it('brings the new run into view when it lands below the settings (phones)', async () => {
    signIn();
    // jsdom lays nothing out: the run's card is placed below the fold, as on a phone.
    const scrolled = vi.fn();
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top: 2000, bottom: 2400 } as DOMRect);
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value: scrolled,
    });
    try {
      const user = userEvent.setup();
      renderPage();
      await user.click(await screen.findByRole('textbox', { name: /Prompt/ }));
      await user.paste('a lighthouse at dusk');
      expect(scrolled).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Generate' }));
      await screen.findByText('In the queue, position 1 · about 10 min');
      await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
      expect(scrolled.mock.calls[0]![0]).toMatchObject({ block: 'start' });
    } finally {
      rect.mockRestore();
      delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  describe('starting from one of my results (?from=)', () => {
    const source = '3f1c2a9e-1111-4222-8333-444455556666';
    const key = `outputs/5/${source}/1.png`;
    const sourceTask = (width: number, height: number) => ({
      result: doneTask({
        task_id: source,
        prompt: 'Mountain lake at dawn',
        sub_task_results: [1, 0].map((index) =>
          imageOutput(`outputs/5/${source}/${index}.png`, { index, width, height }),
        ),
      }),
    });

    it('uses the result by its key as the reference of an image-to-image run', async () => {
      signIn();
      api.on('GET', '/api/gw/v3/image/img2img/async/results', sourceTask(1024, 768));
      api.on('POST', '/api/gw/v3/image/img2img/async', {
        result: { task_id: source, cost: 2, queue_position: 1, estimated_wait_min: 10 },
      });
      const user = userEvent.setup();
      renderRoutes(
        [{ path: '/studio/image', element: <ImageStudioPage /> }],
        `/studio/image?from=${source}:1&prompt=Mountain%20lake%20at%20dawn`,
      );
      expect(
        await screen.findByText('The aspect ratio follows your reference image.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /Prompt/ })).toHaveValue('Mountain lake at dawn');
      await user.click(screen.getByRole('button', { name: 'Generate' }));
      await waitFor(() =>
        expect(api.requests('POST', '/api/gw/v3/image/img2img/async')).toHaveLength(1),
      );
      // The output named by its own index, not its place in the list; nothing was uploaded.
      expect(api.requests('POST', '/api/gw/v3/image/img2img/async')[0]!.body).toMatchObject({
        images: [key],
      });
      expect(api.requests('POST', '/prod-api/content/uploads')).toHaveLength(0);
    });

    it('says why a result cannot be a reference, and leaves the studio as it was', async () => {
      signIn();
      api.on('GET', '/api/gw/v3/image/img2img/async/results', sourceTask(1024, 256));
      renderRoutes(
        [{ path: '/studio/image', element: <ImageStudioPage /> }],
        `/studio/image?from=${source}:1`,
      );
      expect(
        await screen.findByText(
          'Selected image does not meet requirements: width and height must be at least 300 px',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText('The aspect ratio follows your reference image.')).toBeNull();
    });
  });
});

describe('image studio history', () => {
  it('sends a failed run again as it was, seed included, from "Try again"', async () => {
    signIn();
    api.on('GET', '/prod-api/content/tasks', {
      result: {
        data: [
          doneTask({
            status: 'failed',
            task_status: 3,
            error: 'The generation service is busy',
            sub_task_results: [],
            request: taskRequest({ negative_prompt: 'fog' }),
          }),
        ],
        total: 1,
        page: 1,
        page_size: 12,
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.requests('POST', submitPath)).toHaveLength(1));
    expect(api.requests('POST', submitPath)[0]!.body).toMatchObject({
      prompt: 'a lighthouse',
      negative_prompt: 'fog',
      params: { batch_size: 2, wh_ratio: '1:1', seed: 77 },
    });
  });
});

describe('image studio reference upload', () => {
  /** jsdom decodes no images: this one "loads" at 900×600. */
  class FakeImage {
    naturalWidth = 900;
    naturalHeight = 600;
    onload: (() => void) | null = null;
    set src(_value: string) {
      queueMicrotask(() => this.onload?.());
    }
  }

  it('waits for a reference still uploading, then sends image to image with it', async () => {
    signIn();
    const key = 'uploads/5/ref.png';
    api.on('POST', '/prod-api/content/uploads', {
      result: { key, upload_url: '/files/upload/ref?sig=1', expires_in: 600 },
    });
    api.on('POST', '/prod-api/content/uploads/complete', {
      result: { key, mime: 'image/png', width: 900, height: 600, size: 1000 },
    });
    api.on('POST', '/api/gw/v3/image/img2img/async', {
      result: { task_id: 'c2b1f3f0-4a38-4c55-9d0e-4a1f0a6d7c11', cost: 2, queue_position: 1 },
    });
    // The PUT of the file hangs until the test lets it finish, as on a slow connection.
    let finishPut = () => undefined as void;
    const put = new Promise<Response>((resolve) => {
      finishPut = () => resolve(new Response(null));
    });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT' ? put : api.fetchMock(input, init),
    );
    vi.stubGlobal('Image', FakeImage);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: /Prompt/ }), 'as a watercolor');
    await user.upload(
      screen.getByLabelText('Reference image (optional)'),
      new File(['x'], 'photo.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Wait for the image to finish uploading')).toBeInTheDocument();
    const generateButton = screen.getByRole('button', { name: 'Generate' });
    expect(generateButton).toBeDisabled();
    // Ctrl+Enter in the prompt waits too.
    await user.type(screen.getByRole('textbox', { name: /Prompt/ }), '{Control>}{Enter}{/Control}');
    expect(api.requests('POST', submitPath)).toHaveLength(0);

    finishPut();
    await waitFor(() => expect(generateButton).toBeEnabled());
    expect(screen.queryByText('Wait for the image to finish uploading')).toBeNull();
    await user.click(generateButton);
    await waitFor(() =>
      expect(api.requests('POST', '/api/gw/v3/image/img2img/async')).toHaveLength(1),
    );
    expect(api.requests('POST', '/api/gw/v3/image/img2img/async')[0]!.body).toMatchObject({
      prompt: 'as a watercolor',
      images: [key],
    });
    expect(api.requests('POST', submitPath)).toHaveLength(0);
  });
});
