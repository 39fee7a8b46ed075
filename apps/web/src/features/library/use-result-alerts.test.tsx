import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../test/api-mock';
import { FakeEventSource } from '../../test/fake-event-source';
import { renderRoutes } from '../../test/render';
import { signInTestUser } from '../../test/session';
import { doneTask, imageOutput } from '../../test/task-result';
import { LibraryPage } from './pages/library-page';
import { useResultAlerts } from './use-result-alerts';
import { useUnreadResults } from './unread-results';

const RUN = '3f1c2a9e-1111-4222-8333-444455556666';
const video = doneTask({
  task_id: RUN,
  task_type: 'video_diffusion',
  prompt: 'Waves at night',
  sub_task_results: [imageOutput(`outputs/7/${RUN}/0.mp4`, { mime: 'video/mp4' })],
});

function Page({ name }: { name: string }) {
  useResultAlerts();
  return <h1>{name}</h1>;
}

let api: ReturnType<typeof createApiMock>;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.instances = [];
  signInTestUser();
  useUnreadResults.setState({ userId: null, kinds: [] });
  api.on('GET', '/api/gw/v3/image/task/async/results', { result: video });
  api.on('GET', '/prod-api/content/tasks', {
    result: { data: [], total: 0, page: 1, page_size: 24 },
  });
  api.on('GET', '/prod-api/content/assets_folder', { result: { data: [] } });
});

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function render(path: string) {
  return renderRoutes(
    [
      { path: '/explore', element: <Page name="Explore" /> },
      { path: '/studio/video', element: <Page name="Video studio" /> },
      { path: '/library', element: <LibraryPage /> },
      { path: '/library/item/:taskId/:index', element: <Page name="Detail" /> },
    ],
    path,
  );
}

/** Waits until the hook has read the run and had time to act on it. */
async function settled() {
  await waitFor(() =>
    expect(api.requests('GET', '/api/gw/v3/image/task/async/results')).toHaveLength(1),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const finish = (status: string) =>
  act(() => FakeEventSource.instances[0]!.emit('task', { task_id: RUN, status, progress: 100 }));

describe('a run that ends while the user is elsewhere', () => {
  it('says so with a link to it, and marks its kind unread until its library tab is seen', async () => {
    const user = userEvent.setup();
    const { router } = render('/explore');
    await screen.findByRole('heading', { name: 'Explore' });
    finish('done');

    expect(await screen.findByText('Your video is ready')).toBeInTheDocument();
    expect(useUnreadResults.getState().kinds).toEqual(['video']);

    // The library shows the dot on the Videos tab until that tab is opened.
    await act(() => router.navigate('/library'));
    expect(await screen.findByRole('tab', { name: /Videos/ })).toContainElement(
      screen.getByRole('status', { name: 'New results' }),
    );
    await user.click(screen.getByRole('tab', { name: /Videos/ }));
    await waitFor(() => expect(useUnreadResults.getState().kinds).toEqual([]));
    expect(screen.queryByRole('status', { name: 'New results' })).toBeNull();

    // The toast's link opens the run, which reads it.
    act(() => notifications.clean());
    await act(() => router.navigate('/explore'));
    finish('done');
    await waitFor(() => expect(useUnreadResults.getState().kinds).toEqual(['video']));
    await user.click(await screen.findByRole('button', { name: 'View “Waves at night”' }));
    expect(router.state.location.pathname).toBe(`/library/item/${RUN}/0`);
    expect(router.state.location.search).toBe('?kind=video&type=video_diffusion');
    expect(useUnreadResults.getState().kinds).toEqual([]);
    await waitFor(() => expect(screen.queryByText('Your video is ready')).toBeNull());
  });

  it('in a hidden tab, counts it in the title and tells it when the user comes back', async () => {
    let visibility: DocumentVisibilityState = 'hidden';
    const spy = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    render('/explore');
    await screen.findByRole('heading', { name: 'Explore' });
    document.title = 'Explore · Lumen';
    finish('done');
    await waitFor(() => expect(document.title).toBe('(1) Explore · Lumen'));
    expect(useUnreadResults.getState().kinds).toEqual(['video']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Your video is ready')).toBeNull();

    visibility = 'visible';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(document.title).toBe('Explore · Lumen');
    expect(await screen.findByText('Your video is ready')).toBeInTheDocument();
    spy.mockRestore();
  });

  it('says nothing of a run it cannot read any more (deleted meanwhile)', async () => {
    api.on('GET', '/api/gw/v3/image/task/async/results', { code: 1004, msg: 'Gone already' });
    render('/explore');
    await screen.findByRole('heading', { name: 'Explore' });
    finish('done');
    await settled();
    expect(screen.queryByText('Gone already')).toBeNull();
    expect(useUnreadResults.getState().kinds).toEqual([]);
  });

  it('stays quiet where the run is in view: its studio', async () => {
    render('/studio/video');
    await screen.findByRole('heading', { name: 'Video studio' });
    finish('done');
    await settled();
    expect(screen.queryByText('Your video is ready')).toBeNull();
    expect(useUnreadResults.getState().kinds).toEqual([]);
  });

  it('says why a run ended without a result, and that the credits came back', async () => {
    api.on('GET', '/api/gw/v3/image/task/async/results', {
      result: { ...video, status: 'failed', task_status: 3, sub_task_results: [] },
    });
    render('/explore');
    await screen.findByRole('heading', { name: 'Explore' });
    finish('failed');
    expect(
      await screen.findByText(
        'Generation failed, please try again. Your credits have been refunded.',
      ),
    ).toBeInTheDocument();
    expect(useUnreadResults.getState().kinds).toEqual([]);
    // A cancel is the user's own doing: nothing to say.
    finish('cancelled');
    expect(api.requests('GET', '/api/gw/v3/image/task/async/results')).toHaveLength(1);
  });
});
