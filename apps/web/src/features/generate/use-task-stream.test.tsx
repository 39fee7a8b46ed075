import type { TaskResult } from '@lumen/contracts/tasks';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { createApiMock } from '../../test/api-mock';
import { FakeEventSource } from '../../test/fake-event-source';
import { createTestQueryClient } from '../../test/render';
import { generateKeys } from './task-kinds';
import {
  POLL_INTERVAL_MS,
  TASK_EVENTS_URL,
  useTaskStream,
  useTrackedTasks,
} from './use-task-stream';

const taskId = '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const resultsPath = '/api/gw/v3/image/txt2img/async/results';

function result(overrides: Partial<TaskResult> = {}): TaskResult {
  return {
    task_id: taskId,
    task_type: 'txt2img',
    status: 'queued',
    task_status: 0,
    progress: 0,
    queue_position: 2,
    estimated_wait_min: 4,
    cost: 1,
    engine: 'local-preview',
    error: null,
    error_reason: null,
    created_at: '2026-11-22T10:00:00.000Z',
    prompt: 'a fox',
    sub_task_results: [],
    ...overrides,
  };
}

/** The results answer for a task that has left the queue: no place, no wait. */
function leftQueue(status: TaskResult['status'], taskStatus: number, progress: number) {
  return result({
    status,
    task_status: taskStatus,
    progress,
    queue_position: 0,
    estimated_wait_min: 0,
  });
}

function Probe() {
  const { live } = useTaskStream();
  const [task] = useTrackedTasks([{ taskId, taskType: 'txt2img', initial: result() }], live);
  return (
    <p>
      {live ? 'live' : 'polling'} {task?.status} {task?.progress}% #{task?.queue_position}{' '}
      {task?.estimated_wait_min}min
    </p>
  );
}

let api: ReturnType<typeof createApiMock>;
let client: QueryClient;
let answer: TaskResult;

/** Renders the probe and opens its stream; answers the stream once the task shows as live. */
async function openLiveStream() {
  renderProbe();
  const source = FakeEventSource.instances[0]!;
  act(() => source.onopen?.());
  await screen.findByText(/^live queued/);
  return source;
}

function renderProbe() {
  return render(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  answer = result();
  api = createApiMock();
  api.on('GET', resultsPath, () => ({ result: answer }));
  api.on('GET', '/prod-api/trade/v1/account', { result: null });
  vi.stubGlobal('fetch', api.fetchMock);
  client = createTestQueryClient();
  useSession.setState({
    user: {
      userId: '1',
      username: 'ada',
      nickname: 'Ada',
      avatar: '',
      isAdmin: false,
      menuList: [],
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null });
});

describe('useTaskStream', () => {
  it('opens the event stream with cookies and applies progress events to the task cache', async () => {
    renderProbe();
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe(TASK_EVENTS_URL);
    expect(source.init).toEqual({ withCredentials: true });

    act(() => source.onopen?.());
    await screen.findByText(/^live queued/);
    act(() =>
      source.emit('task', { task_id: taskId, status: 'queued', progress: 0, queue_position: 1 }),
    );
    expect(await screen.findByText('live queued 0% #1 4min')).toBeInTheDocument();
    act(() => source.emit('task', { task_id: taskId, status: 'generating', progress: 42 }));
    expect(await screen.findByText('live generating 42% #0 0min')).toBeInTheDocument();
    // Events for other tasks and malformed ones change nothing.
    act(() => source.emit('task', { task_id: 'other', status: 'done', progress: 100 }));
    act(() => source.emit('task', { nonsense: true }));
    expect(screen.getByText('live generating 42% #0 0min')).toBeInTheDocument();
  });

  it('moves a waiting task up the queue, and leaves a started one alone', async () => {
    const source = await openLiveStream();
    act(() => source.emit('queue', { task_id: taskId, queue_position: 1, estimated_wait_min: 0 }));
    expect(await screen.findByText('live queued 0% #1 0min')).toBeInTheDocument();
    act(() => source.emit('task', { task_id: taskId, status: 'generating', progress: 5 }));
    expect(await screen.findByText('live generating 5% #0 0min')).toBeInTheDocument();
    // A place worked out just before the task started arrives late: it changes nothing.
    act(() => source.emit('queue', { task_id: taskId, queue_position: 1, estimated_wait_min: 3 }));
    act(() => source.emit('queue', { task_id: taskId, queue_position: 'x' }));
    expect(screen.getByText('live generating 5% #0 0min')).toBeInTheDocument();
  });

  it('reads the full result when an event says the task finished, and refreshes the credits', async () => {
    const source = await openLiveStream();
    const before = api.requests('GET', resultsPath).length;
    answer = leftQueue('done', 1, 100);
    act(() => source.emit('task', { task_id: taskId, status: 'done', progress: 100 }));
    expect(await screen.findByText('live done 100% #0 0min')).toBeInTheDocument();
    expect(api.requests('GET', resultsPath).length).toBeGreaterThan(before);
    expect(client.getQueryData(generateKeys.task(taskId))).toMatchObject({ status: 'done' });
  });

  it('falls back to polling every 2 s while the stream is down, and stops once the task is final', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderProbe();
    const source = FakeEventSource.instances[0]!;
    act(() => source.onerror?.());
    await screen.findByText(/^polling queued/);
    const start = api.requests('GET', resultsPath).length;

    answer = leftQueue('generating', 2, 60);
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + 50));
    expect(await screen.findByText('polling generating 60% #0 0min')).toBeInTheDocument();
    expect(api.requests('GET', resultsPath).length).toBeGreaterThan(start);

    answer = leftQueue('done', 1, 100);
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + 50));
    expect(await screen.findByText('polling done 100% #0 0min')).toBeInTheDocument();
    const settled = api.requests('GET', resultsPath).length;
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
    expect(api.requests('GET', resultsPath)).toHaveLength(settled);
  });

  it('does not open a stream for visitors, and closes it on unmount', async () => {
    useSession.setState({ user: null });
    const { unmount } = renderProbe();
    expect(FakeEventSource.instances).toHaveLength(0);
    unmount();

    useSession.setState({
      user: {
        userId: '1',
        username: 'ada',
        nickname: 'Ada',
        avatar: '',
        isAdmin: false,
        menuList: [],
      },
    });
    const second = renderProbe();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    second.unmount();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
  });
});
