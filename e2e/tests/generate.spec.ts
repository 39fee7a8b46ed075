import { expect, test } from '../support/fixtures';
import { loginDialog, signInThroughApi, uniqueUsername } from '../support/accounts';

test.describe('generation studio', () => {
  test('a visitor may look around, and Generate asks them to sign in', async ({ page }) => {
    await page.goto('/studio');
    await page.getByRole('link', { name: /Image generator/ }).click();
    await expect(page).toHaveURL(/\/studio\/image$/);
    await page.getByRole('textbox', { name: /Prompt/ }).fill('a quiet harbour at dawn');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(loginDialog(page)).toBeVisible();
  });

  test('generates images from a prompt and shows them with their actions', async ({ page }) => {
    const prompt = 'A lighthouse on a cliff at golden hour, waves crashing';
    await signInThroughApi(page, `${uniqueUsername('gen')}@example.test`);
    await page.goto('/studio/image');
    await page.getByRole('textbox', { name: /Prompt/ }).fill(prompt);
    await expect(page.getByText('Balance: 30 credits')).toBeVisible();
    await page.getByRole('button', { name: 'Generate' }).click();

    const images = page.getByRole('img', { name: prompt });
    await expect(images.first()).toBeVisible({ timeout: 30_000 });
    expect(await images.count()).toBeGreaterThanOrEqual(1);
    // The embedded CPU engine made them, and the card says so.
    await expect(page.getByText('Preview', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Balance: 28 credits')).toBeVisible();
    // The first preview says what it is, and where a real model gets connected.
    const explainer = page.getByTestId('preview-explainer');
    await expect(explainer).toContainText('These are previews, not AI pictures');
    await expect(explainer).toContainText('Admin → Engines');
    await explainer.getByRole('button', { name: 'Close' }).click();
    await expect(explainer).toBeHidden();
    await page.reload();
    await expect(images.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('preview-explainer')).toBeHidden();

    await images.first().hover();
    await page.getByRole('button', { name: 'Reuse seed' }).first().click();
    await expect(page.getByRole('switch', { name: 'Random' })).not.toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Seed number' })).not.toHaveValue('');
  });

  test('generates a 5 s text-to-video clip and plays it', async ({ page }) => {
    test.setTimeout(90_000);
    await signInThroughApi(page, `${uniqueUsername('gen')}@example.test`);
    await page.goto('/studio/video');
    await expect(page.getByRole('radio', { name: '5 s' })).toHaveAttribute('aria-checked', 'true');
    await page
      .getByRole('textbox', { name: /Prompt/ })
      .fill('A paper boat drifting down a rainy street, slow camera follow');
    await page.getByRole('button', { name: 'Generate' }).click();

    const video = page.locator('video[src]');
    await expect(video.first()).toBeVisible({ timeout: 60_000 });
    await expect(video.first()).toHaveAttribute('src', /.+/);
    await expect(video.first()).toHaveAttribute('poster', /.+/);
  });
});

test('a tutorial example opens the studio filled in, and it generates in that style', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInThroughApi(page, `${uniqueUsername('tut')}@example.test`);
  await page.goto('/studio');
  await page.getByRole('link', { name: /Tutorials/ }).click();
  await expect(page.getByRole('heading', { name: 'Tutorials', level: 1 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Guides' })
    .getByRole('link', { name: 'Styles, models and shapes' })
    .click();
  await expect(page).toHaveURL(/\/studio\/tutorials#styles$/);
  const styles = page.locator('section#styles');
  await expect(styles.getByRole('heading', { name: 'Styles, models and shapes' })).toBeInViewport();
  await styles.getByRole('link', { name: /with this prompt in Ink wash/ }).click();

  await expect(page).toHaveURL(/\/studio\/image\?/);
  const prompt =
    'A lighthouse on a cliff at dusk, storm clouds gathering, waves breaking on the rocks';
  await expect(page.getByRole('textbox', { name: /Prompt/ })).toHaveValue(prompt);
  await expect(page.getByRole('combobox', { name: 'Style' })).toHaveValue('Ink wash');
  await expect(page.getByRole('radio', { name: '2:3' })).toHaveAttribute('aria-checked', 'true');
  const submitted = page.waitForRequest((r) => r.url().includes('/api/gw/v3/image/txt2img/async'));
  await page.getByRole('button', { name: 'Generate' }).click();
  const body = (await submitted).postDataJSON() as { params: { style: string; wh_ratio: string } };
  expect(body.params).toMatchObject({ style: 'ink_wash', wh_ratio: '2:3' });
  await expect(page.getByRole('img', { name: prompt }).first()).toBeVisible({ timeout: 30_000 });
});

test.describe('many tabs', () => {
  test('nine tabs open at once all load, and each follows a run to its end', async ({ page }) => {
    test.setTimeout(120_000);
    const ticket = (await signInThroughApi(page, `${uniqueUsername('tabs')}@example.test`)).ticket;
    await page.request.post('/prod-api/trade/v1/trial/claim', {
      headers: { authorization: `Bearer ${ticket}` },
    });
    // A browser keeps six HTTP/1.1 connections to a server; were each tab to hold its own
    // event stream, the seventh would never load.
    const tabs = [page];
    for (let i = 1; i < 9; i++) tabs.push(await page.context().newPage());
    for (const tab of tabs) {
      await tab.goto('/library?kind=video');
      await expect(tab.getByRole('heading', { name: 'All creations' })).toBeVisible();
    }

    const submitted = await page.request.post('/api/gw/v3/video/video_diffusion/async', {
      headers: { authorization: `Bearer ${ticket}` },
      data: { prompt: 'waves at night', params: { duration: 5, resolution: '360p' } },
    });
    expect(((await submitted.json()) as { code: number }).code).toBe(0);
    for (const tab of tabs) {
      await expect(tab.getByRole('button', { name: 'waves at night' })).toBeVisible({
        timeout: 60_000,
      });
    }

    // The tab holding the stream goes; another takes it over and the rest follow the next run.
    await page.close();
    const again = await tabs[1]!.request.post('/api/gw/v3/video/video_diffusion/async', {
      headers: { authorization: `Bearer ${ticket}` },
      data: { prompt: 'fog over the bay', params: { duration: 5, resolution: '360p' } },
    });
    expect(((await again.json()) as { code: number }).code).toBe(0);
    for (const tab of tabs.slice(1)) {
      await expect(tab.getByRole('button', { name: 'fog over the bay' })).toBeVisible({
        timeout: 60_000,
      });
    }
  });
});

test('a run that ends while the user browses elsewhere says so, and its toast opens it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const ticket = (await signInThroughApi(page, `${uniqueUsername('away')}@example.test`)).ticket;
  await page.goto('/explore');
  const submitted = await page.request.post('/api/gw/v3/video/video_diffusion/async', {
    headers: { authorization: `Bearer ${ticket}` },
    data: { prompt: 'a paper boat in the rain', params: { duration: 5, resolution: '360p' } },
  });
  expect(((await submitted.json()) as { code: number }).code).toBe(0);

  await expect(page.getByText('Your video is ready')).toBeVisible({ timeout: 60_000 });
  const library = page.getByRole('link', { name: 'Library' });
  await expect(library.getByRole('status', { name: 'New results' })).toBeVisible();
  await page.getByRole('button', { name: 'View “a paper boat in the rain”' }).click();
  await expect(page).toHaveURL(/\/library\/item\/[0-9a-f-]+\/0\?kind=video&type=video_diffusion/);
  await expect(page.locator('video')).toBeVisible();
  await expect(library.getByRole('status', { name: 'New results' })).toHaveCount(0);
});
