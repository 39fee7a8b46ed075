import type { TaskResult } from '@lumen/contracts/tasks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { taskRequest } from '../../../test/task-result';
import { ResultCard } from './result-card';

const empty = { url: null, thumb_url: null, width: null, height: null, mime: null, seed: null };

function task(overrides: Partial<TaskResult> = {}): TaskResult {
  return {
    task_id: '3f1c2a9e-1111-4222-8333-444455556666',
    task_type: 'txt2img',
    status: 'queued',
    task_status: 0,
    progress: 0,
    queue_position: 3,
    estimated_wait_min: 10,
    cost: 2,
    engine: 'local-preview',
    error: null,
    error_reason: null,
    created_at: new Date().toISOString(),
    prompt: 'A lighthouse at dusk',
    sub_task_results: [
      { task_status: 0, ...empty },
      { task_status: 0, ...empty },
    ],
    ...overrides,
  };
}

function doneImage(seed: number, key: string) {
  return {
    task_status: 1,
    image: key,
    url: `/files/${key}`,
    thumb_url: `/files/${key}.webp`,
    width: 1024,
    height: 1024,
    mime: 'image/png',
    seed,
  };
}

/** A finished run with two pictures, seeds 11 and 12. */
const twoImagesDone = () =>
  task({
    status: 'done',
    task_status: 1,
    progress: 100,
    sub_task_results: [doneImage(11, 'out/a.png'), doneImage(12, 'out/b.png')],
  });

const request = taskRequest({ prompt: 'A lighthouse at dusk' });

let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('ResultCard', () => {
  it('queued: shows the queue position and wait, and cancels with a refund', async () => {
    api.on('POST', `/prod-api/content/tasks/${task().task_id}/cancel`, {
      result: task({ status: 'cancelled', task_status: 5 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ResultCard task={task()} watermark />);
    expect(screen.getByText('In the queue, position 3 · about 10 min')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(api.requests('POST', `/prod-api/content/tasks/${task().task_id}/cancel`)).toHaveLength(
        1,
      ),
    );
  });

  it('queued next to a free worker: says it starts in under a minute', () => {
    renderWithProviders(
      <ResultCard task={task({ queue_position: 1, estimated_wait_min: 0 })} watermark />,
    );
    expect(
      screen.getByText('In the queue, position 1 · starts in under a minute'),
    ).toBeInTheDocument();
  });

  it('generating: shows a progress bar with the percentage', () => {
    renderWithProviders(
      <ResultCard task={task({ status: 'generating', task_status: 2, progress: 40 })} watermark />,
    );
    expect(screen.getByText('Generating…')).toBeInTheDocument();
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('done: shows the images, labels preview-engine output and offers the actions', async () => {
    const onReuseSeed = vi.fn();
    const onRecreate = vi.fn();
    const done = twoImagesDone();
    const user = userEvent.setup();
    renderWithProviders(
      <ResultCard task={done} watermark onReuseSeed={onReuseSeed} onRecreate={onRecreate} />,
    );
    expect(screen.getByText('Preview')).toBeInTheDocument();
    const images = screen.getAllByRole('img', { name: 'A lighthouse at dusk' });
    expect(images).toHaveLength(2);
    expect(images[0]).toHaveAttribute('src', '/files/out/a.png.webp');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Reuse seed' })[1]!);
    expect(onReuseSeed).toHaveBeenCalledWith(12);
    await user.click(screen.getAllByRole('button', { name: 'Recreate with a new seed' })[0]!);
    expect(onRecreate).toHaveBeenCalledWith(done);
    expect(screen.getAllByRole('button', { name: 'Download' })).toHaveLength(2);

    await user.click(screen.getAllByRole('button', { name: 'Open large' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Image 1 of 2' });
    expect(within(dialog).getByText('Seed 11 · 1024 × 1024')).toBeInTheDocument();

    // The run's other image, with the arrow or the → key, and back with ←.
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Image 2 of 2' })).toHaveTextContent(
      'Seed 12',
    );
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'Image 1 of 2' })).toHaveTextContent(
      'Seed 11',
    );
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Image 2 of 2' })).toBeInTheDocument();
  });

  it('makes a result the reference of the next run from the large view, by its key', async () => {
    const onUseAsReference = vi.fn();
    const done = twoImagesDone();
    const user = userEvent.setup();
    renderWithProviders(<ResultCard task={done} watermark onUseAsReference={onUseAsReference} />);
    await user.click(screen.getAllByRole('button', { name: 'Open large' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Image 2 of 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Use as reference' }));
    expect(onUseAsReference).toHaveBeenCalledWith({
      key: 'out/b.png',
      width: 1024,
      height: 1024,
      previewUrl: '/files/out/b.png.webp',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the picture a run started from beside its prompt', () => {
    const restyled = {
      ...twoImagesDone(),
      task_type: 'img2img',
      inputs: [
        {
          kind: 'image' as const,
          key: 'uploads/1/ref.png',
          task_id: null,
          url: '/files/uploads/1/ref.png',
          thumb_url: null,
          width: 640,
          height: 480,
        },
      ],
    };
    renderWithProviders(<ResultCard task={restyled} watermark />);
    expect(screen.getByRole('img', { name: 'Input picture 1' })).toHaveAttribute(
      'src',
      '/files/uploads/1/ref.png',
    );
    expect(screen.getByText('A lighthouse at dusk')).toBeInTheDocument();
  });

  it('shows a cut-out on a checkerboard, so a dark subject does not vanish on a dark card', () => {
    const cutOut = { ...twoImagesDone(), task_type: 'remove_bg', prompt: '' };
    const { container, unmount } = renderWithProviders(<ResultCard task={cutOut} watermark />);
    expect(container.querySelectorAll('[data-transparent]')).toHaveLength(2);
    unmount();
    const picture = renderWithProviders(<ResultCard task={twoImagesDone()} watermark />);
    expect(picture.container.querySelectorAll('[data-transparent]')).toHaveLength(0);
  });

  it('downloads through the watermark rule, spinning while the server makes the file', async () => {
    let answer!: () => void;
    api.on(
      'GET',
      '/api/gw/v2/downloads/media',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ result: { url: '/files/out/a_wm.png?sig=1' } });
        }),
    );
    api.on('GET', '/files/out/a_wm.png', new Response(new Blob(['png']), { status: 200 }));
    URL.createObjectURL = vi.fn(() => 'blob:saved');
    URL.revokeObjectURL = vi.fn();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(
      <ResultCard
        task={task({
          status: 'done',
          task_status: 1,
          sub_task_results: [doneImage(11, 'out/a.png')],
        })}
        watermark
      />,
    );
    const button = screen.getByRole('button', { name: 'Download' });
    await user.click(button);
    // A second press while the first runs sends nothing more.
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    expect(api.requests('GET', '/api/gw/v2/downloads/media')).toHaveLength(1);
    expect(api.requests('GET', '/api/gw/v2/downloads/media')[0]!.url.search).toBe(
      '?type=image&key=out%2Fa.png&wm=1',
    );
    answer();
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    saved.mockRestore();
  });

  it('done video: a looping player with the thumbnail as poster', () => {
    const video = task({
      task_type: 'video_diffusion',
      status: 'done',
      task_status: 1,
      engine: 'comfyui',
      sub_task_results: [
        {
          task_status: 1,
          video: 'out/v.mp4',
          url: '/files/out/v.mp4',
          thumb_url: '/files/out/v.webp',
          width: 1280,
          height: 720,
          mime: 'video/mp4',
          seed: 5,
        },
      ],
    });
    const { container } = renderWithProviders(<ResultCard task={video} watermark />);
    const player = container.querySelector('video');
    expect(player).toHaveAttribute('src', '/files/out/v.mp4');
    expect(player).toHaveAttribute('poster', '/files/out/v.webp');
    expect(player).toHaveAttribute('loop');
    expect(player).toHaveAttribute('controls');
    expect(screen.queryByText('Preview')).not.toBeInTheDocument();
  });

  it('failed: shows the reason and says the credits came back', () => {
    renderWithProviders(
      <ResultCard
        task={task({ status: 'failed', task_status: 3, error: 'The generation service is busy' })}
        watermark
      />,
    );
    expect(screen.getByText('Generation failed')).toBeInTheDocument();
    expect(screen.getByText('The generation service is busy')).toBeInTheDocument();
    expect(screen.getByText('Your credits have been refunded.')).toBeInTheDocument();
  });

  it('flagged: explains the guidelines and the refund', () => {
    renderWithProviders(
      <ResultCard task={task({ status: 'flagged', task_status: 4 })} watermark />,
    );
    expect(screen.getByText('Content flagged')).toBeInTheDocument();
    expect(screen.getByText(/may violate our guidelines/)).toBeInTheDocument();
    expect(screen.getByText('Your credits have been refunded.')).toBeInTheDocument();
  });

  it('cancelled: says so, without actions', () => {
    renderWithProviders(
      <ResultCard task={task({ status: 'cancelled', task_status: 5 })} watermark />,
    );
    expect(screen.getByText('Cancelled. Your credits have been refunded.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('failed or cancelled: offers to send the same run again', async () => {
    const onRetry = vi.fn();
    const user = userEvent.setup();
    const failed = task({ status: 'failed', task_status: 3, request });
    const { unmount } = renderWithProviders(
      <ResultCard task={failed} watermark onRetry={onRetry} />,
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledWith(failed);
    unmount();
    const cancelled = task({ status: 'cancelled', task_status: 5, request });
    renderWithProviders(<ResultCard task={cancelled} watermark onRetry={onRetry} />);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenLastCalledWith(cancelled);
  });

  it('flagged, or a run whose request is unknown: no "Try again"', () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <ResultCard
        task={task({ status: 'flagged', task_status: 4, request })}
        watermark
        onRetry={onRetry}
      />,
    );
    renderWithProviders(
      <ResultCard task={task({ status: 'failed', task_status: 3 })} watermark onRetry={onRetry} />,
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
