import { placeholderSubResults, type TaskResult } from '@lumen/contracts/tasks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { doneTask, imageOutput, taskRequest } from '../../../test/task-result';
import { MediaDetailPage } from './media-detail-page';

const WORK = '3f1c2a9e-1111-4222-8333-444455556666';
const CUT = '7a2b3c4d-5555-4666-8777-888899990000';
const KEY = `outputs/42/${WORK}/0.png`;

const task = (overrides: Partial<TaskResult>): TaskResult =>
  doneTask({
    task_id: WORK,
    cost: 1,
    prompt: 'A teapot on a table',
    sub_task_results: [imageOutput(KEY, { url: `/files/${KEY}`, thumb_url: `/files/${KEY}.webp` })],
    ...overrides,
  });

let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  signInTestUser();
  api.on('GET', '/api/gw/v3/image/txt2img/async/results', { result: task({}) });
  api.on('GET', '/api/gw/v3/image/remove_bg/async/results', {
    result: task({
      task_id: CUT,
      task_type: 'remove_bg',
      status: 'queued',
      task_status: 0,
      progress: 0,
      queue_position: 2,
      sub_task_results: placeholderSubResults(1, 0),
    }),
  });
});

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/library/item/:taskId/:index', element: <MediaDetailPage /> }];

describe('media detail page', () => {
  it('removes the background of a work and follows the new task', async () => {
    api.on('POST', '/api/gw/v3/image/remove_bg/async', {
      result: { task_id: CUT, cost: 1, queue_position: 2, estimated_wait_min: 2 },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, `/library/item/${WORK}/0?kind=image&type=txt2img`);

    await user.click(await screen.findByRole('button', { name: 'Remove background' }));
    await user.click(await screen.findByRole('button', { name: 'Cut out' }));

    const [sent] = api.requests('POST', '/api/gw/v3/image/remove_bg/async');
    expect(sent?.body).toMatchObject({
      images: [KEY],
      params: { background: 'transparent' },
      request_id: expect.any(String),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/library/item/${CUT}/0`));
    expect(await screen.findByRole('status')).toHaveTextContent('In the queue, position 2');
    // A cut-out does not offer to cut itself out again.
    expect(screen.queryByRole('button', { name: 'Remove background' })).toBeNull();
  });

  it('stays on the work when the server refuses (the pay dialog takes over)', async () => {
    api.on('POST', '/api/gw/v3/image/remove_bg/async', {
      code: 2020,
      msg: 'This feature is available to subscribed users only',
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, `/library/item/${WORK}/0?kind=image&type=txt2img`);
    await user.click(await screen.findByRole('button', { name: 'Remove background' }));
    await user.click(await screen.findByRole('button', { name: 'Cut out' }));
    await waitFor(() =>
      expect(api.requests('POST', '/api/gw/v3/image/remove_bg/async')).toHaveLength(1),
    );
    expect(router.state.location.pathname).toBe(`/library/item/${WORK}/0`);
  });

  it('shows a cut-out without a prompt or seed to reuse', async () => {
    api.on('GET', '/api/gw/v3/image/remove_bg/async/results', {
      result: task({ task_id: CUT, task_type: 'remove_bg', engine: 'local', prompt: '' }),
    });
    renderRoutes(routes, `/library/item/${CUT}/0?kind=image&type=remove_bg`);
    expect(await screen.findByRole('button', { name: 'Download PNG' })).toBeInTheDocument();
    expect(screen.getByText('Background removal')).toBeInTheDocument();
    for (const name of ['Reuse seed', 'Recreate', 'Remove background']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    expect(screen.queryByText('Prompt')).toBeNull();
    expect(screen.queryByText('Preview')).toBeNull();
  });

  it('offers to start an image, a video or a 3D model from the picture', async () => {
    renderRoutes(routes, `/library/item/${WORK}/0?kind=image&type=txt2img`);
    const from = `from=${WORK}%3A0`;
    expect(await screen.findByRole('link', { name: 'Image to image' })).toHaveAttribute(
      'href',
      `/studio/image?${from}&prompt=A+teapot+on+a+table`,
    );
    expect(screen.getByRole('link', { name: 'Image to video' })).toHaveAttribute(
      'href',
      `/studio/video?mode=image&${from}`,
    );
    expect(screen.getByRole('link', { name: 'Image to 3D' })).toHaveAttribute(
      'href',
      `/studio/3d?${from}`,
    );
  });

  it('enhances a work at the chosen scale and follows the new task', async () => {
    api.on('POST', '/api/gw/v3/image/upscale/async', {
      result: { task_id: CUT, cost: 1, queue_position: 1, estimated_wait_min: 0 },
    });
    api.on('GET', '/api/gw/v3/image/upscale/async/results', {
      result: task({ task_id: CUT, task_type: 'upscale', status: 'queued', task_status: 0 }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, `/library/item/${WORK}/0?kind=image&type=txt2img`);

    await user.click(await screen.findByRole('button', { name: 'Enhance' }));
    // A 1024² picture: every choice, each saying what it makes.
    expect(await screen.findByText('Makes 3840 × 3840 px')).toBeInTheDocument();
    expect(screen.getByText('Makes 4096 × 4096 px')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Enhance 4×' }));

    const [sent] = api.requests('POST', '/api/gw/v3/image/upscale/async');
    expect(sent?.body).toMatchObject({ images: [KEY], params: { scale: 4 } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/library/item/${CUT}/0`));
  });

  it('says which enhance choices a picture is too small or too large for', async () => {
    const [sub] = task({}).sub_task_results;
    api.on('GET', '/api/gw/v3/image/txt2img/async/results', {
      result: task({ sub_task_results: [{ ...sub!, width: 2048, height: 1152 }] }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/library/item/${WORK}/0?kind=image&type=txt2img`);
    await user.click(await screen.findByRole('button', { name: 'Enhance' }));
    expect(await screen.findByRole('menuitem', { name: 'Enhance 4×' })).toBeDisabled();
    expect(
      screen.getByText('Only for pictures up to 1024 px on the long side'),
    ).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Enhance to 4K' })).toBeEnabled();
  });

  it('lays a cut-out on a chosen colour', async () => {
    api.on('POST', '/api/gw/v3/image/remove_bg/async', {
      result: { task_id: CUT, cost: 1, queue_position: 2, estimated_wait_min: 2 },
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/library/item/${WORK}/0?kind=image&type=txt2img`);
    await user.click(await screen.findByRole('button', { name: 'Remove background' }));
    await user.click(await screen.findByText('Colour'));
    await user.click(await screen.findByRole('button', { name: 'Green' }));
    await user.click(screen.getByRole('button', { name: 'Cut out' }));
    const [sent] = api.requests('POST', '/api/gw/v3/image/remove_bg/async');
    expect(sent?.body).toMatchObject({ params: { background: '#00ff00' } });
  });

  it('names an enhance by its choice, and shows a transparent cut-out on a chosen ground', async () => {
    api.on('GET', '/api/gw/v3/image/upscale/async/results', {
      result: task({
        task_id: CUT,
        task_type: 'upscale',
        prompt: '',
        request: taskRequest({ params: { ...taskRequest().params, scale: '4k' } }),
      }),
    });
    const { unmount } = renderRoutes(routes, `/library/item/${CUT}/0?kind=image&type=upscale`);
    expect(await screen.findByText('Enhanced to 4K')).toBeInTheDocument();
    unmount();

    api.on('GET', '/api/gw/v3/image/remove_bg/async/results', {
      result: task({ task_id: CUT, task_type: 'remove_bg', prompt: '', request: taskRequest() }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/library/item/${CUT}/0?kind=image&type=remove_bg`);
    const stage = (await screen.findByRole('img')).parentElement;
    expect(stage).toHaveAttribute('data-backdrop', 'checker');
    await user.click(screen.getByText('Light'));
    expect(stage).toHaveAttribute('data-backdrop', 'light');
    await user.click(screen.getByText('Dark'));
    expect(stage).toHaveAttribute('data-backdrop', 'dark');
  });

  it('files a work in one of my folders', async () => {
    api.on('GET', '/prod-api/content/assets_folder', {
      result: {
        data: [
          {
            id: 5,
            name: 'Teapots',
            algo_type: 1,
            created_time: '2026-03-01T12:00:00.000Z',
            cover_list: ['', '', '', '', ''],
          },
        ],
      },
    });
    api.on('POST', '/prod-api/content/assets_folder/5/items', { result: { count: 1 } });
    const user = userEvent.setup();
    renderRoutes(routes, `/library/item/${WORK}/0?kind=image&type=txt2img`);

    await user.click(await screen.findByRole('button', { name: 'Move to folder' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Teapots' }));

    await waitFor(() =>
      expect(api.requests('POST', '/prod-api/content/assets_folder/5/items')).toHaveLength(1),
    );
    const [sent] = api.requests('POST', '/prod-api/content/assets_folder/5/items');
    expect(sent?.body).toEqual({ keys: [KEY] });
  });

  it('deletes the shown result after asking, by its own index, and moves to the one left', async () => {
    const [first] = task({}).sub_task_results;
    const second = { ...first!, index: 3, image: `outputs/42/${WORK}/3.png` };
    api.on('GET', '/api/gw/v3/image/txt2img/async/results', {
      result: task({ sub_task_results: [{ ...first!, index: 1 }, second] }),
    });
    api.on('DELETE', `/prod-api/content/tasks/${WORK}/outputs/1`, { result: null });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, `/library/item/${WORK}/1?kind=image&type=txt2img`);

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(api.requests('DELETE', `/prod-api/content/tasks/${WORK}/outputs/1`)).toHaveLength(0);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Credits are not refunded.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(api.requests('DELETE', `/prod-api/content/tasks/${WORK}/outputs/1`)).toHaveLength(1),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/library/item/${WORK}/3`));
  });

  it('steps through the run with the arrows, the ← → keys and a swipe, not under a dialog', async () => {
    const outputs = [0, 1, 2].map((i) => imageOutput(`outputs/42/${WORK}/${i}.png`, { index: i }));
    api.on('GET', '/api/gw/v3/image/txt2img/async/results', {
      result: task({ sub_task_results: outputs }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, `/library/item/${WORK}/0?kind=image&type=txt2img`);
    const at = (i: number) =>
      waitFor(() => expect(router.state.location.pathname).toBe(`/library/item/${WORK}/${i}`));

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await at(1);
    await user.keyboard('{ArrowRight}');
    await at(2);
    // The last has no next.
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.keyboard('{ArrowRight}');
    await at(2);
    await user.keyboard('{ArrowLeft}');
    await at(1);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await at(0);
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(router.state.location.search).toBe('?kind=image&type=txt2img');

    // On a phone: a swipe to the left is next, one mostly downwards scrolls the page.
    const stage = screen.getByRole('img', { name: 'A teapot on a table' }).parentElement!;
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(stage, { touches: [{ clientX: from[0], clientY: from[1] }] });
      fireEvent.touchEnd(stage, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };
    swipe([300, 200], [120, 260]);
    await at(1);
    swipe([300, 100], [220, 400]);
    swipe([200, 200], [300, 200]);
    await at(0);

    // Open the delete confirmation: the arrows there belong to it, not to the page.
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog');
    await user.keyboard('{ArrowRight}');
    await at(0);
  });

  it('cancels a run on its way from its page, and says the credits came back', async () => {
    api.on('POST', `/prod-api/content/tasks/${CUT}/cancel`, {
      result: task({
        task_id: CUT,
        task_type: 'remove_bg',
        status: 'cancelled',
        task_status: 5,
        sub_task_results: [],
      }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/library/item/${CUT}/0?kind=image&type=remove_bg`);
    expect(await screen.findByRole('status')).toHaveTextContent('In the queue, position 2');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('Cancelled. Your credits have been refunded.'),
    ).toBeInTheDocument();
    expect(api.requests('POST', `/prod-api/content/tasks/${CUT}/cancel`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('says why a task ended without a result', async () => {
    api.on('GET', '/api/gw/v3/image/txt2img/async/results', {
      result: task({ status: 'flagged', task_status: 4, sub_task_results: [] }),
    });
    renderRoutes(routes, `/library/item/${WORK}/0?kind=image&type=txt2img`);
    expect(await screen.findByText(/contains sensitive information/)).toBeInTheDocument();
  });

  it('shows a video as a video even when the address does not say the kind', async () => {
    const CLIP = `outputs/42/${WORK}/0.mp4`;
    api.on('GET', '/api/gw/v3/image/task/async/results', {
      result: task({
        task_type: 'video_diffusion',
        sub_task_results: [
          {
            index: 0,
            task_status: 1,
            video: CLIP,
            url: `/files/${CLIP}`,
            thumb_url: `/files/${CLIP}.webp`,
            width: 640,
            height: 360,
            mime: 'video/mp4',
            seed: 3,
          },
        ],
      }),
    });
    renderRoutes(routes, `/library/item/${WORK}/0`);
    expect(await screen.findByRole('button', { name: /Download MP4/ })).toBeInTheDocument();
    expect(document.querySelector('video')).toHaveAttribute('src', `/files/${CLIP}`);
    expect(screen.queryByRole('button', { name: /Remove background/ })).toBeNull();
  });
});
