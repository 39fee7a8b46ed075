import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';

interface Envelope<T> {
  code: number;
  msg: string;
  result: T;
}

/** Queues a text-to-image task through the gateway and waits until it is done. */
async function generateImage(page: Page, ticket: string, count = 1): Promise<string> {
  const headers = { authorization: `Bearer ${ticket}` };
  const submitted = (await (
    await page.request.post('/api/gw/v3/image/txt2img/async', {
      headers,
      data: { prompt: 'a ceramic teapot on a wooden table', params: { batch_size: count } },
    })
  ).json()) as Envelope<{ task_id: string }>;
  expect(submitted.code).toBe(0);
  const taskId = submitted.result.task_id;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(
          `/api/gw/v3/image/txt2img/async/results?task_id=${taskId}`,
          { headers },
        );
        return ((await res.json()) as Envelope<{ status: string }>).result.status;
      },
      { timeout: 60_000 },
    )
    .toBe('done');
  return taskId;
}

test.describe('media detail tools', () => {
  test('remove background: the pay dialog for a free user, a cut-out for a plus one', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const ticket = (await signInThroughApi(page, `${uniqueUsername('tool')}@example.test`)).ticket;
    const taskId = await generateImage(page, ticket);
    await page.goto(`/library/item/${taskId}/0?kind=image&type=txt2img`);

    const removeBackground = page.getByRole('button', { name: 'Remove background' });
    const cutOut = page.getByRole('button', { name: 'Cut out' });
    await removeBackground.click();
    await cutOut.click();
    await expect(
      page.getByText('This feature is available to subscribed users only').first(),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/library/item/${taskId}/0`));
    await page.keyboard.press('Escape');

    // The three-day Plus trial (grade 2) opens background removal.
    const trial = await page.request.post('/prod-api/trade/v1/trial/claim', {
      headers: { authorization: `Bearer ${ticket}` },
    });
    expect(((await trial.json()) as Envelope<unknown>).code).toBe(0);
    await page.reload();
    await removeBackground.click();
    await cutOut.click();
    await expect(page).toHaveURL(/\/library\/item\/[0-9a-f-]+\/0\?kind=image&type=remove_bg/);
    await expect(page).not.toHaveURL(new RegExp(taskId));
    // Queued or working first, then the cut-out with its details.
    await expect(page.getByText('Background removal').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download PNG' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('button', { name: 'Remove background' })).toHaveCount(0);
    // Left transparent, the cut-out can be looked at on a light ground.
    await page.getByText('Light', { exact: true }).click();
    await expect(page.locator('[data-backdrop="light"] img')).toBeVisible();
  });

  test('remove background onto green, and enhance offers 2×, 4× and 4K', async ({ page }) => {
    test.setTimeout(120_000);
    const ticket = (await signInThroughApi(page, `${uniqueUsername('green')}@example.test`)).ticket;
    const headers = { authorization: `Bearer ${ticket}` };
    const taskId = await generateImage(page, ticket);
    const trial = await page.request.post('/prod-api/trade/v1/trial/claim', { headers });
    expect(((await trial.json()) as Envelope<unknown>).code).toBe(0);
    await page.goto(`/library/item/${taskId}/0?kind=image&type=txt2img`);

    // The picture is 1024²: every enhance choice is open, each saying what it makes.
    await page.getByRole('button', { name: 'Enhance', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Enhance 4×' })).toBeEnabled();
    await expect(page.getByText('Makes 4096 × 4096 px')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Enhance to 4K' })).toBeEnabled();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Remove background' }).click();
    await page.getByText('Colour', { exact: true }).click();
    await page.getByRole('button', { name: 'Green', exact: true }).click();
    await page.getByRole('button', { name: 'Cut out' }).click();
    await expect(page).toHaveURL(/\/library\/item\/[0-9a-f-]+\/0\?kind=image&type=remove_bg/);
    await expect(page).not.toHaveURL(new RegExp(taskId));
    const cutId = /\/library\/item\/([0-9a-f-]+)\//.exec(page.url())?.[1];
    const result = async () =>
      (await (
        await page.request.get(`/api/gw/v3/image/remove_bg/async/results?task_id=${cutId}`, {
          headers,
        })
      ).json()) as Envelope<{ status: string; request: { params: { background?: string } } }>;
    await expect.poll(async () => (await result()).result.status, { timeout: 60_000 }).toBe('done');
    expect((await result()).result.request.params.background).toBe('#00ff00');
    await expect(page.getByRole('button', { name: 'Download PNG' })).toBeVisible({
      timeout: 20_000,
    });
    // An opaque result: no transparency to look through.
    await expect(page.getByText('View transparency on')).toHaveCount(0);
    const shown = page.locator('img[src*="outputs/"]:not([alt^="Input picture"])').first();
    await expect(shown).toBeVisible();
    // The corner of the picture on the page is the green it was laid on.
    const corner = await shown.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      return [...context.getImageData(2, 2, 1, 1).data];
    });
    expect(corner).toEqual([0, 255, 0, 255]);
  });

  test('files a result in a new folder, then deletes it; the other result of the run stays', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const ticket = (await signInThroughApi(page, `${uniqueUsername('tidy')}@example.test`)).ticket;
    const taskId = await generateImage(page, ticket, 2);
    await page.goto(`/library/item/${taskId}/0?kind=image&type=txt2img`);

    await page.getByRole('button', { name: 'Move to folder' }).click();
    await page.getByRole('menuitem', { name: 'New folder…' }).click();
    await page.getByLabel('Folder name').fill('Teapots');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('1 work moved to Teapots')).toBeVisible();

    // Tiles, not the folder cards' cover pictures: history tiles are named by their prompt,
    // folder tiles by their kind.
    const historyTiles = page.getByRole('button', { name: 'a ceramic teapot on a wooden table' });
    const folderTiles = page.getByRole('button', { name: 'Image', exact: true });
    await page.goto('/library');
    await expect(historyTiles).toHaveCount(2);
    await page.getByText('Teapots', { exact: true }).click();
    await expect(folderTiles).toHaveCount(1);

    await page.goto(`/library/item/${taskId}/0?kind=image&type=txt2img`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Credits are not refunded.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    // The run's other result takes its place.
    await expect(page).toHaveURL(new RegExp(`/library/item/${taskId}/1`));

    await page.goto('/library');
    await expect(historyTiles).toHaveCount(1);
    await page.getByText('Teapots', { exact: true }).click();
    await expect(page.getByText('This folder is empty')).toBeVisible();
    await expect(folderTiles).toHaveCount(0);

    // The last one goes through the selection bar.
    await page.getByText('All creations', { exact: true }).click();
    await page.getByRole('button', { name: 'Select' }).click();
    await historyTiles.click();
    await page.getByRole('toolbar').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('1 result deleted')).toBeVisible();
    await expect(page.getByText('Nothing here yet')).toBeVisible();
    await expect(historyTiles).toHaveCount(0);
  });

  test('turns a picture from the library into a video without uploading it again', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const ticket = (await signInThroughApi(page, `${uniqueUsername('anim')}@example.test`)).ticket;
    const headers = { authorization: `Bearer ${ticket}` };
    const taskId = await generateImage(page, ticket);
    // A video costs more than a free day's credits; the Plus trial covers it.
    const trial = await page.request.post('/prod-api/trade/v1/trial/claim', { headers });
    expect(((await trial.json()) as Envelope<unknown>).code).toBe(0);
    await page.goto(`/library/item/${taskId}/0?kind=image&type=txt2img`);

    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/prod-api/content/uploads')) uploads.push(request.url());
    });
    await page.getByRole('link', { name: 'Image to video' }).click();
    await expect(page).toHaveURL(/\/studio\/video\?mode=image&from=/);
    await expect(page.getByRole('button', { name: 'Remove Start image' })).toBeVisible();
    await page.getByRole('button', { name: 'Generate' }).click();
    const video = page.locator('video[src]');
    await expect(video.first()).toBeVisible({ timeout: 90_000 });

    // The library's own output went in by its key: nothing was uploaded.
    const history = (await (
      await page.request.get('/prod-api/content/tasks?kind=video&page=1', { headers })
    ).json()) as Envelope<{ data: { task_type: string; status: string }[] }>;
    expect(history.result.data[0]).toMatchObject({
      task_type: 'video_diffusion_img2vid',
      status: 'done',
    });
    expect(uploads).toEqual([]);
  });

  test('recreate from the library brings back every setting of the run, its picture too', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const ticket = (await signInThroughApi(page, `${uniqueUsername('redo')}@example.test`)).ticket;
    const headers = { authorization: `Bearer ${ticket}` };
    const sourceId = await generateImage(page, ticket);
    const source = (await (
      await page.request.get(`/api/gw/v3/image/txt2img/async/results?task_id=${sourceId}`, {
        headers,
      })
    ).json()) as Envelope<{ sub_task_results: { image: string }[] }>;
    const picture = source.result.sub_task_results[0]!.image;
    await page.request.post('/prod-api/trade/v1/trial/claim', { headers });
    const submitted = (await (
      await page.request.post('/api/gw/v3/image/img2img/async', {
        headers,
        data: {
          prompt: 'as a watercolour',
          negative_prompt: 'blurry',
          params: { batch_size: 3, style: 'watercolor', strength: 0.4 },
          images: [picture],
          version: 'anime',
        },
      })
    ).json()) as Envelope<{ task_id: string }>;
    const taskId = submitted.result.task_id;
    await page.goto(`/library/item/${taskId}/0?kind=image&type=img2img`);
    await expect(page.getByText('blurry')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('img', { name: 'Input picture 1' })).toBeVisible();
    await expect(page.getByText('Watercolor')).toBeVisible();

    await page.getByRole('link', { name: 'Recreate' }).click();
    await expect(page).toHaveURL(/\/studio\/image\?recreate=/);
    await expect(page.getByRole('textbox', { name: 'Negative prompt', exact: true })).toHaveValue(
      'blurry',
    );
    await expect(page.getByRole('combobox', { name: 'Style' })).toHaveValue('Watercolor');
    await expect(page.getByRole('radio', { name: '3 images' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect
      .poll(
        async () => {
          const history = (await (
            await page.request.get('/prod-api/content/tasks?kind=image&page=1', { headers })
          ).json()) as Envelope<{ data: { task_id: string; request: unknown }[] }>;
          const newest = history.result.data[0]!;
          return newest.task_id === taskId ? null : newest.request;
        },
        { timeout: 20_000 },
      )
      .toMatchObject({
        prompt: 'as a watercolour',
        negative_prompt: 'blurry',
        params: { batch_size: 3, style: 'watercolor', strength: 0.4 },
        images: [picture],
        version: 'anime',
      });
  });
});
