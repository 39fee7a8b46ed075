import { vi } from 'vitest';
import { useRuns } from '../features/generate/runs-store';
import { setPayRequiredHandler } from '../shared/api/session-hooks';
import { useSession } from '../shared/session/session-store';
import { createApiMock } from './api-mock';
import { testAccount } from './session';

/**
 * What a studio page asks the server for, answered for a user of `grade` with 30 credits: the
 * account, the quote, an empty history, and `submitPath` accepting one task at `cost`. Fetch
 * goes to the mock and the runs store starts empty; `resetStudioApi` undoes it.
 */
export function mockStudioApi(submitPath: string, options: { cost: number; grade?: number }) {
  const api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  api.on('GET', '/prod-api/trade/v1/account', {
    result: testAccount({ grade: options.grade ?? 0 }),
  });
  api.on('POST', '/prod-api/trade/v1/quote', {
    result: {
      cost: options.cost,
      allowed: true,
      reason_code: null,
      reason: null,
      estimated_wait_min: 10,
      mode: 'standard',
      balance: 30,
    },
  });
  api.on('GET', '/prod-api/content/tasks', {
    result: { data: [], total: 0, page: 1, page_size: 12 },
  });
  api.on('POST', submitPath, {
    result: {
      task_id: '0c7e6a1e-5b8d-4f39-9a51-0d2f3c4b5a69',
      cost: options.cost,
      queue_position: 1,
      estimated_wait_min: 10,
    },
  });
  useRuns.setState({ userId: null, runs: { image: [], video: [], '3d': [] } });
  return api;
}

/** Collects the upgrade prompts (pay dialog openings) a test causes. */
export function catchPayRequired() {
  const payRequired = vi.fn<(code: number, msg: string) => void>();
  setPayRequiredHandler(payRequired);
  return payRequired;
}

export function resetStudioApi(): void {
  vi.unstubAllGlobals();
  setPayRequiredHandler(() => undefined);
  useSession.setState({ user: null, loginOpen: false });
}
