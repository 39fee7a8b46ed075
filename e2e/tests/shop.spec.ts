import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Signs a new user in and gives them the three-day Plus trial: the shop tools are AI tools. */
async function plusUser(page: Page, prefix: string): Promise<void> {
  const { ticket } = await signInThroughApi(page, `${uniqueUsername(prefix)}@example.test`);
  const answer = await page.request.post('/prod-api/trade/v1/trial/claim', {
    headers: { authorization: `Bearer ${ticket}` },
  });
  expect(((await answer.json()) as { code: number }).code).toBe(0);
}

/** A PNG of some HTML as Chromium draws it: a product photo, or a picture with words on it. */
async function drawn(page: Page, html: string, width: number, height: number): Promise<Buffer> {
  const canvas = await page.context().newPage();
  await canvas.setViewportSize({ width, height });
  await canvas.setContent(
    `<body style="margin:0;width:${width}px;height:${height}px;background:#fff">${html}</body>`,
  );
  const png = await canvas.screenshot({ type: 'png' });
  await canvas.close();
  return png;
}

test.describe('e-commerce studio', () => {
  test('a template is made under the name rule, then product images at three shapes', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await plusUser(page, 'shop');
    await page.goto('/studio/tools');
    await page.getByRole('button', { name: 'E-commerce product images' }).click();
    await expect(page).toHaveURL(/\/studio\/shop\?tab=product$/);
    await expect(page.getByRole('heading', { name: 'E-commerce studio' })).toBeVisible();

    await page.getByRole('tab', { name: 'Templates' }).click();
    await expect(page).toHaveURL(/tab=templates/);
    const panel = page.getByRole('tabpanel');
    const list = panel.getByTestId('shop-templates');
    await expect(list.getByText('Studio', { exact: true })).toBeVisible();
    await expect(list.getByText('Starter').first()).toBeVisible();

    // A one-character name is refused in the form, as it is typed, and nothing is saved.
    await panel.getByLabel('Name').fill('A');
    await expect(panel.getByText('At least 2 characters')).toBeVisible();
    await panel.getByRole('button', { name: 'Save template' }).click();
    await expect(panel.getByText('At least 2 characters')).toBeVisible();
    await expect(panel.getByText('You have no templates of your own yet.')).toBeVisible();

    await panel.getByLabel('Name').fill('Summer');
    await expect(panel.getByText('At least 2 characters')).toBeHidden();
    await panel.getByRole('button', { name: 'Save template' }).click();
    await expect(list.getByText('Summer', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Edit Summer' })).toBeVisible();
    await expect(panel.getByText('You have no templates of your own yet.')).toBeHidden();
    await shot(page, 'shop-templates-desktop');

    await page.getByRole('tab', { name: 'Product images' }).click();
    const product = page.getByRole('tabpanel');
    const photo = await drawn(
      page,
      '<div style="position:absolute;left:200px;top:120px;width:200px;height:360px;border-radius:40px;background:#d62828"></div>',
      600,
      600,
    );
    await product
      .locator('input[type=file][aria-label="Product photo 1"]')
      .setInputFiles({ name: 'bottle.png', mimeType: 'image/png', buffer: photo });
    await expect(product.getByRole('img', { name: 'Product photo 1' })).toBeVisible({
      timeout: 30_000,
    });

    // The size is required: Generate without it marks the three fields and sends nothing.
    await product.getByRole('button', { name: 'Generate' }).click();
    await expect(product.getByText('Required')).toHaveCount(3);
    await product.getByLabel('Length (cm)').fill('0');
    await expect(product.getByText('Between 0 and 500 cm')).toBeVisible();
    await product.getByLabel('Length (cm)').fill('10');
    await product.getByLabel('Width (cm)').fill('10');
    await product.getByLabel('Height (cm)').fill('30');
    await expect(product.getByText('Required')).toHaveCount(0);

    await product.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Summer' }).click();
    await product.getByLabel('Title (optional)').fill('Red Bottle');
    await product.getByLabel('Price (optional)').fill('$19');
    await expect(product.getByText('3 credits')).toBeVisible();
    await product.getByRole('button', { name: 'Generate' }).click();

    const results = product.getByTestId('studio-results');
    await expect(results).toBeVisible({ timeout: 200_000 });
    for (const ratio of ['1:1', '3:4', '16:9'])
      await expect(
        results.getByRole('img', { name: `Product images: Shape ${ratio}` }),
      ).toBeVisible();
    await shot(page, 'shop-product-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'shop-product-mobile');
  });

  test('a picture’s text is read, translated line by line, and drawn back', async ({ page }) => {
    test.setTimeout(240_000);
    await plusUser(page, 'shoptr');
    await page.goto('/studio/shop?tab=translate');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: 'Image translation' })).toBeVisible();

    const picture = await drawn(
      page,
      '<div style="position:absolute;left:60px;top:150px;font:bold 64px sans-serif;color:#111">Summer Sale</div>',
      800,
      400,
    );
    await panel
      .locator('input[type=file][aria-label="Picture with text"]')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: picture });
    await expect(panel.getByRole('img', { name: 'Picture with text' })).toBeVisible({
      timeout: 30_000,
    });

    // The same language on both sides is refused in the form.
    await panel.getByRole('combobox', { name: 'Into' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await expect(panel.getByText('Choose two different languages')).toBeVisible();
    await panel.getByRole('combobox', { name: 'Into' }).click();
    await page.getByRole('option', { name: 'Spanish' }).click();
    await expect(panel.getByText('Choose two different languages')).toBeHidden();

    await panel.getByRole('button', { name: 'Read text' }).click();
    // OCR may read the words with or without the space between them.
    const line = panel.getByLabel(/^Translation of “Summer ?Sale”$/);
    await expect(line).toBeVisible({ timeout: 60_000 });
    await line.fill('Rebajas');
    await panel.getByRole('button', { name: 'Generate' }).click();

    const results = panel.getByTestId('studio-results');
    await expect(results).toBeVisible({ timeout: 200_000 });
    await expect(
      results.getByRole('img', { name: 'Translated picture: Translated' }),
    ).toBeVisible();
    await shot(page, 'shop-translate-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'shop-translate-mobile');
  });
});
