import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { readMailCode, uniqueUsername } from '../support/accounts';

// An admin of its own: another spec's admin may have asked for a code in the last minute.
const ADMIN_EMAIL = 'explore@e2e.test';

async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  ticket?: string,
  data?: unknown,
): Promise<T> {
  const answer = await request.fetch(url, {
    method,
    headers: ticket ? { authorization: `Bearer ${ticket}` } : {},
    ...(data === undefined ? {} : { data }),
  });
  const body = (await answer.json()) as { code: number; result: T };
  expect(body.code, `${method} ${url}`).toBe(0);
  return body.result;
}

async function ticketFor(request: APIRequestContext, email: string): Promise<string> {
  await call(request, 'POST', '/prod-api/user/captcha', undefined, {
    method: 'email',
    email,
    purpose: 'login',
  });
  const captcha = await readMailCode(request, email);
  const login = await call<{ ticket: string }>(request, 'POST', '/prod-api/user/login', undefined, {
    loginType: 'email',
    email,
    captcha,
    max_age: 3600,
  });
  return login.ticket;
}

/** Generates an image, publishes it and has the admin approve it: it leads explore's new tab. */
async function publishApprovedWork(request: APIRequestContext, title: string): Promise<void> {
  const creator = await ticketFor(request, `${uniqueUsername('explore')}@e2e.test`);
  const { task_id: taskId } = await call<{ task_id: string }>(
    request,
    'POST',
    '/api/gw/v3/image/txt2img/async',
    creator,
    { prompt: 'a lighthouse at dawn', params: { batch_size: 1 } },
  );
  await expect
    .poll(
      async () =>
        (
          await call<{ status: string }>(
            request,
            'GET',
            `/api/gw/v3/image/txt2img/async/results?task_id=${taskId}`,
            creator,
          )
        ).status,
      { timeout: 30_000 },
    )
    .toBe('done');
  const { work_id: workId } = await call<{ work_id: string }>(
    request,
    'POST',
    '/prod-api/content/works',
    creator,
    { task_id: taskId, output_index: 0, title },
  );
  const admin = await ticketFor(request, ADMIN_EMAIL);
  await call(request, 'POST', `/prod-api/admin/works/${workId}/approve`, admin);
}

test.describe('explore is rendered with its feed', () => {
  test('the cards are in the HTML, and the app takes them over without fetching them again', async ({
    browser,
    request,
  }) => {
    const title = `Harbour light ${Date.now()}`;
    await publishApprovedWork(request, title);

    // Without JavaScript: the newest work's card, its picture preloaded from the head.
    const still = await browser.newContext({ javaScriptEnabled: false });
    const html = await still.newPage();
    await html.goto('/explore');
    const card = html.getByRole('link', { name: title });
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('fetchpriority', 'high');
    const preload = html.locator('head link[rel="preload"][as="image"]').first();
    await expect(preload).toHaveAttribute('href', /_thumb\./);
    await still.close();

    // With JavaScript: the app hydrates the same cards and asks the feed API for nothing.
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    const feedRequests: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/prod-api/content/works/explore')) feedRequests.push(sent.url());
    });
    await page.goto('/explore');
    await expect(page.locator('html')).toHaveAttribute('data-prerendered', 'hydrated');
    const shown = page.getByRole('link', { name: title });
    await expect(shown).toBeVisible();
    const before = await shown.boundingBox();
    // The grid measures itself after hydration; the card stays where the HTML put it.
    await page.waitForTimeout(500);
    expect(await shown.boundingBox()).toEqual(before);
    expect(feedRequests).toEqual([]);
    expect(errors).toEqual([]);

    // Another tab is fetched as usual.
    await page.getByRole('radiogroup', { name: 'Sort' }).getByText('Hot', { exact: true }).click();
    await expect.poll(() => feedRequests.length).toBeGreaterThan(0);
    await context.close();
  });
});
