import type { TaskResult } from '@lumen/contracts/tasks';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { FakeEventSource } from '../../../test/fake-event-source';
import { renderRoutes } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { doneTask, imageOutput } from '../../../test/task-result';
import { LibraryPage } from '../pages/library-page';

const RUN = '3f1c2a9e-1111-4222-8333-444455556666';

const queued = doneTask({
  task_id: RUN,
  prompt: 'A red fox in snow',
  status: 'queued',
  task_status: 0,
  progress: 0,
  queue_position: 3,
  sub_task_results: [],
});
const done = doneTask({
  task_id: RUN,
  prompt: 'A red fox in snow',
  sub_task_results: [imageOutput(`outputs/5/${RUN}/0.png`, { index: 0 })],
});

let api: ReturnType<typeof createApiMock>;
let run: TaskResult;

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  FakeEventSource.instances = [];
  signInTestUser();
  run = queued;
  api.on('GET', '/prod-api/content/tasks', () => ({
    result: { data: [run], total: 1, page: 1, page_size: 24 },
  }));
  api.on('GET', '/prod-api/content/assets_folder', { result: { data: [] } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const listReads = () => api.requests('GET', '/prod-api/content/tasks').length;

describe('library, a run on its way', () => {
  it('shows its place and progress from the stream, then its pictures when it ends', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/library', element: <LibraryPage /> },
        { path: '/library/item/:taskId/:index', element: <p>detail</p> },
      ],
      '/library',
    );
    expect(await screen.findByText('In the queue, position 3')).toBeInTheDocument();
    const source = FakeEventSource.instances[0]!;
    // Opening, the stream may have missed events: what was on its way is read again.
    const opened = listReads();
    act(() => source.onopen?.());
    await waitFor(() => expect(listReads()).toBe(opened + 1));

    // The server's answers follow the task too, so a late read shows the same; the events
    // themselves are written into the list without asking again.
    run = { ...queued, queue_position: 1 };
    act(() => source.emit('queue', { task_id: RUN, queue_position: 1, estimated_wait_min: 0 }));
    expect(await screen.findByText('In the queue, position 1')).toBeInTheDocument();
    run = { ...queued, status: 'generating', task_status: 2, progress: 40, queue_position: 0 };
    act(() => source.emit('task', { task_id: RUN, status: 'generating', progress: 40 }));
    expect(await screen.findByText('Working on it… 40%')).toBeInTheDocument();
    expect(listReads()).toBe(opened + 1);
    const before = listReads();

    run = done;
    act(() => source.emit('task', { task_id: RUN, status: 'done', progress: 100 }));
    expect(await screen.findByRole('button', { name: 'A red fox in snow' })).toBeInTheDocument();
    expect(listReads()).toBe(before + 1);
    expect(screen.queryByRole('status')).toBeNull();

    // The tile of a run on its way opens its page, which follows it.
    run = queued;
    act(() => source.emit('task', { task_id: RUN, status: 'queued', progress: 0 }));
    act(() => source.emit('task', { task_id: RUN, status: 'cancelled', progress: 0 }));
    await user.click(
      await screen.findByRole('button', { name: 'A red fox in snow: In the queue, position 3' }),
    );
    expect(router.state.location.pathname).toBe(`/library/item/${RUN}/0`);
  });

  it('asks again every few seconds while the stream is down, and stops once it ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoutes([{ path: '/library', element: <LibraryPage /> }], '/library');
    expect(await screen.findByText('In the queue, position 3')).toBeInTheDocument();
    const before = listReads();
    await act(() => vi.advanceTimersByTimeAsync(3100));
    await waitFor(() => expect(listReads()).toBe(before + 1));

    run = done;
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(await screen.findByRole('button', { name: 'A red fox in snow' })).toBeInTheDocument();
    const after = listReads();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(listReads()).toBe(after);
  });
});
