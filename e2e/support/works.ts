import type { APIRequestContext } from '@playwright/test';
import { uniqueUsername } from './accounts';
import { adminTicket, call, ticketFor } from './api';
import { expect } from './fixtures';

/** A finished generation of `ticket`'s user, published; answers the work's id. */
export async function publishWork(
  request: APIRequestContext,
  ticket: string,
  title: string,
  prompt = 'A lighthouse on a cliff at sunset',
) {
  const headers = { authorization: `Bearer ${ticket}` };
  const submitted = (await (
    await request.post('/api/gw/v3/image/txt2img/async', {
      headers,
      data: { prompt, params: { batch_size: 1 } },
    })
  ).json()) as { code: number; result: { task_id: string } };
  expect(submitted.code).toBe(0);
  const taskId = submitted.result.task_id;
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`/api/gw/v3/image/txt2img/async/results?task_id=${taskId}`, {
              headers,
            })
          ).json()) as { result: { status: string } }
        ).result.status,
      { timeout: 120_000 },
    )
    .toBe('done');
  const published = (await (
    await request.post('/prod-api/content/works', {
      headers,
      data: { task_id: taskId, output_index: 0, title, description: 'Evening on the coast' },
    })
  ).json()) as { code: number; result: { work_id: string } };
  expect(published.code).toBe(0);
  return published.result.work_id;
}

/**
 * Generates a picture from `prompt` as a new account, publishes it as `title` and has the
 * admin `adminEmail` approve it, so that it leads explore's new tab.
 */
export async function publishApprovedWork(
  request: APIRequestContext,
  { prompt, title, adminEmail }: { prompt: string; title: string; adminEmail: string },
): Promise<string> {
  const creator = await ticketFor(request, `${uniqueUsername('card')}@e2e.test`);
  const workId = await publishWork(request, creator, title, prompt);
  await call(
    request,
    'POST',
    `/prod-api/admin/works/${workId}/approve`,
    await adminTicket(request, adminEmail),
  );
  return workId;
}
