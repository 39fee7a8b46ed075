import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';
import { scenePng } from '../support/pictures';
import { publishWork } from '../support/works';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

async function claimPlusTrial(page: Page, ticket: string): Promise<void> {
  const answer = await page.request.post('/prod-api/trade/v1/trial/claim', {
    headers: { authorization: `Bearer ${ticket}` },
  });
  expect(((await answer.json()) as { code: number }).code).toBe(0);
}

/** Opens the editor with `tool` and uploads the test picture through the file picker. */
async function openWithPicture(page: Page, tool: string): Promise<Locator> {
  await page.goto(`/studio/edit?tool=${tool}`);
  await page.getByLabel('Choose a file').setInputFiles({
    name: 'scene.png',
    mimeType: 'image/png',
    buffer: scenePng(),
  });
  const canvas = page.getByRole('application', { name: 'Picture canvas' });
  await expect(canvas.locator('canvas').first()).toBeVisible();
  return canvas;
}

/** Paints across the middle of the picture with the brush, as a user drags the mouse. */
async function paintMiddle(page: Page, canvas: Locator): Promise<void> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.4, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width * (0.4 + i * 0.02), y);
  await page.mouse.up();
}

test.describe('image editor', () => {
  test('a Plus member erases a painted area, compares, continues, and expands to 16:9', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const user = await signInThroughApi(page, `${uniqueUsername('edit')}@example.test`);
    await claimPlusTrial(page, user.ticket);

    const canvas = await openWithPicture(page, 'erase');
    await expect(page.getByText('Paint over the area to change first.')).toBeVisible();
    await paintMiddle(page, canvas);
    await expect(page.getByText('Paint over the area to change first.')).toBeHidden();
    // Undo takes the stroke back, redo brings it again.
    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    await expect(page.getByText('Paint over the area to change first.')).toBeVisible();
    await page.keyboard.press('Control+Shift+Z');
    await expect(page.getByText('Paint over the area to change first.')).toBeHidden();
    await shot(page, 'editor-erase-mask-desktop');

    await page.getByRole('button', { name: 'Generate' }).click();
    const compare = page.getByRole('slider', { name: 'Before and after' });
    await expect(compare).toBeVisible({ timeout: 90_000 });
    await compare.fill('20');
    await expect(compare).toHaveAttribute('aria-valuetext', 'Result shown on 20% of the width');
    const after = page.getByRole('img', { name: 'After' });
    await expect(after).toHaveAttribute('style', /inset\(0px 80% 0px 0px\)|inset\(0 80% 0 0\)/);
    await shot(page, 'editor-erase-result-desktop');

    await page.getByRole('button', { name: 'Continue editing' }).click();
    const steps = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
    await expect(steps).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Step 2: Magic eraser' })).toHaveAttribute(
      'aria-current',
      'step',
    );

    // Expand the erased picture to 16:9: 640 × 480 grows to 853 × 480.
    await page.getByRole('combobox', { name: 'Tool' }).click();
    await page.getByRole('option', { name: 'Magic expand' }).click();
    await expect(page.getByRole('radio', { name: '16:9' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('New size: 853 × 480 px')).toBeVisible();
    await shot(page, 'editor-expand-desktop');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(compare).toBeVisible({ timeout: 90_000 });
    const size = await after.evaluate((img: HTMLImageElement) => [
      img.naturalWidth,
      img.naturalHeight,
    ]);
    expect(size).toEqual([853, 480]);
    await page.getByRole('button', { name: 'Continue editing' }).click();
    await expect(steps).toHaveCount(3);
    // Going back to the original makes it the picture on the canvas again.
    await page.getByRole('button', { name: 'Step 1: Original' }).click();
    await expect(page.getByRole('button', { name: 'Step 1: Original' })).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  test('vectorize shows the traced SVG against the picture and offers SVG and PNG', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInThroughApi(page, `${uniqueUsername('trace')}@example.test`);
    await openWithPicture(page, 'vectorize');
    await page.getByRole('radio', { name: 'Posterized' }).click();
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByRole('slider', { name: 'Before and after' })).toBeVisible({
      timeout: 90_000,
    });
    await expect(page.getByRole('img', { name: 'After' })).toHaveAttribute('src', /\.svg/);
    await expect(page.getByRole('button', { name: 'Download SVG' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download PNG' })).toBeVisible();
    await shot(page, 'editor-vectorize-desktop');
  });

  test('a free user sees PLUS on the eraser and gets the pay dialog when running it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInThroughApi(page, `${uniqueUsername('free')}@example.test`);
    await page.goto('/studio/tools');
    const eraser = page.getByRole('button', { name: 'Magic eraser' });
    await expect(eraser.getByText('PLUS')).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Vector conversion' }).getByText('PLUS'),
    ).toHaveCount(0);

    const canvas = await openWithPicture(page, 'erase');
    await paintMiddle(page, canvas);
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(
      page.getByText('This feature is available to subscribed users only').first(),
    ).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Before and after' })).toHaveCount(0);
  });

  test('the toolbox lists every tool by category, and a picture dropped on one opens the editor', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInThroughApi(page, `${uniqueUsername('box')}@example.test`);
    await page.goto('/studio/tools');
    for (const heading of [
      'Edit pictures',
      'Enhance and convert',
      'Create images',
      'Video',
      '3D',
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    for (const name of [
      'Repaint',
      'Magic expand',
      'Background removal',
      'Image enhancement',
      'Text to 3D',
    ]) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await shot(page, 'toolbox-desktop');

    const png = scenePng().toString('base64');
    const transfer = await page.evaluateHandle((data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      return dt;
    }, png);
    const card = page.getByRole('button', { name: 'Magic eraser', exact: true });
    await card.dispatchEvent('dragover', { dataTransfer: transfer });
    await card.dispatchEvent('drop', { dataTransfer: transfer });
    await expect(page).toHaveURL(/\/studio\/edit\?tool=erase/);
    await expect(page.getByRole('combobox', { name: 'Tool' })).toHaveValue('Magic eraser');
    await expect(
      page.getByRole('application', { name: 'Picture canvas' }).locator('canvas').first(),
    ).toBeVisible();
  });
});

test("someone's published picture opens in the editor from its page, and the run names the work", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const authorContext = await browser.newContext();
  const authorPage = await authorContext.newPage();
  const author = await signInThroughApi(authorPage, `${uniqueUsername('src')}@example.test`);
  const title = `Harbour ${uniqueUsername('w')}`;
  const workId = await publishWork(authorPage.request, author.ticket, title);
  const moderator = await signInThroughApi(authorPage, 'remix@e2e.test');
  const approved = await authorPage.request.post(`/prod-api/admin/works/${workId}/approve`, {
    headers: { authorization: `Bearer ${moderator.ticket}` },
  });
  expect(((await approved.json()) as { code: number }).code).toBe(0);
  await authorContext.close();

  const user = await signInThroughApi(page, `${uniqueUsername('edit')}@example.test`);
  await page.goto(`/w/${workId}`);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/edit\\?work=${workId}`));
  await expect(
    page.getByRole('application', { name: 'Picture canvas' }).locator('canvas').first(),
  ).toBeVisible();

  await page.getByRole('combobox', { name: 'Tool' }).click();
  await page.getByRole('option', { name: 'Vector conversion' }).click();
  const submitted = page.waitForResponse((r) => r.url().includes('/vectorize/async'));
  await page.getByRole('button', { name: 'Generate' }).click();
  const answer = (await (await submitted).json()) as { result: { task_id: string } };
  await expect(page.getByRole('slider', { name: 'Before and after' })).toBeVisible({
    timeout: 90_000,
  });
  const result = (await (
    await page.request.get(
      `/api/gw/v3/image/vectorize/async/results?task_id=${answer.result.task_id}`,
      { headers: { authorization: `Bearer ${user.ticket}` } },
    )
  ).json()) as { result: { request: { remix_of?: string } } };
  expect(result.result.request.remix_of).toBe(workId);
});

test.describe('image editor on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the canvas comes first, the panel below, and nothing runs off the side', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInThroughApi(page, `${uniqueUsername('phone')}@example.test`);
    await page.goto('/studio/tools');
    await expect(page.getByRole('button', { name: 'Magic eraser', exact: true })).toBeVisible();
    const toolboxWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(toolboxWidth).toBeLessThanOrEqual(390);
    await shot(page, 'toolbox-phone');

    const canvas = await openWithPicture(page, 'inpaint');
    const canvasBox = await canvas.boundingBox();
    const prompt = page.getByLabel('What to paint there');
    await expect(prompt).toBeVisible();
    const promptBox = await prompt.boundingBox();
    expect(canvasBox && promptBox && canvasBox.y < promptBox.y).toBe(true);
    const editorWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(editorWidth).toBeLessThanOrEqual(390);
    await shot(page, 'editor-phone');
    await page.getByRole('button', { name: 'Generate' }).scrollIntoViewIfNeeded();
    await shot(page, 'editor-phone-panel');
  });
});
