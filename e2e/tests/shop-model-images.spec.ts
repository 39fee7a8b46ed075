import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A PNG of some HTML as Chromium draws it: here, a product photo on a plain ground. */
async function drawn(page: Page, html: string, width: number, height: number): Promise<Buffer> {
  const canvas = await page.context().newPage();
  await canvas.setViewportSize({ width, height });
  await canvas.setContent(
    `<body style="margin:0;width:${width}px;height:${height}px;background:#f1f3f5">${html}</body>`,
  );
  const png = await canvas.screenshot({ type: 'png' });
  await canvas.close();
  return png;
}

test.describe('e-commerce studio: model images', () => {
  test('a shop owner puts a handbag in a model’s hands and gets a labelled preview', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    // The shop tools are AI tools: the three-day Plus trial opens them.
    const { ticket } = await signInThroughApi(page, `${uniqueUsername('shopmodel')}@example.test`);
    const trial = await page.request.post('/prod-api/trade/v1/trial/claim', {
      headers: { authorization: `Bearer ${ticket}` },
    });
    expect(((await trial.json()) as { code: number }).code).toBe(0);

    await page.goto('/studio/shop');
    await page.getByRole('tab', { name: 'Model images' }).click();
    await expect(page).toHaveURL(/tab=model/);
    const panel = page.getByRole('tabpanel', { name: 'Model images' });

    // Without a product photo nothing is sent: the form says what is missing.
    await panel.getByRole('button', { name: 'Generate' }).click();
    await expect(
      panel.getByRole('alert').filter({ hasText: 'Choose a photo of the product' }),
    ).toBeVisible();

    const bag = await drawn(
      page,
      `<div style="position:absolute;left:170px;top:120px;width:260px;height:190px;border-radius:28px 28px 18px 18px;background:#8d5524"></div>
       <div style="position:absolute;left:230px;top:60px;width:140px;height:90px;border:14px solid #5c3317;border-bottom:none;border-radius:70px 70px 0 0"></div>`,
      600,
      420,
    );
    await panel
      .locator('input[type=file][aria-label="Product photo"]')
      .setInputFiles({ name: 'handbag.png', mimeType: 'image/png', buffer: bag });
    await expect(panel.getByRole('img', { name: 'Product photo' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(panel.getByText('Choose a photo of the product')).toBeHidden();

    await panel.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Fashion' }).click();
    await panel.getByText('Man', { exact: true }).click();
    await expect(panel.getByRole('radio', { name: 'Man', exact: true })).toBeChecked();
    await panel.getByText('Wearing it', { exact: true }).click();
    await panel.getByText('Holding it', { exact: true }).click();
    await expect(panel.getByRole('radio', { name: 'Holding it' })).toBeChecked();
    await expect(panel.getByText('Cost: 1 credit', { exact: true })).toBeVisible();
    await shot(page, 'shop-model-ready-desktop');
    await panel.getByRole('button', { name: 'Generate' }).click();

    const results = panel.getByTestId('studio-results');
    await expect(results).toBeVisible({ timeout: 240_000 });
    const picture = results.getByRole('img', { name: 'Model image: Model image' });
    await expect(picture).toBeVisible();
    // The CPU draws the product with a stand-in person: the result says it is a preview.
    await expect(results.getByText('Preview', { exact: true })).toBeVisible();
    const size = await picture.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);
    await expect(results.getByRole('button', { name: 'Download Model image' })).toBeVisible();
    await shot(page, 'shop-model-done-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'shop-model-done-390');
  });
});
