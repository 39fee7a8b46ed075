import type { Page } from '@playwright/test';
import { makeFacelessPicture, readPortraitPhoto } from '@lumen/engines/ml/face-test-support';
import { makeGarmentPhoto, readPersonPhoto } from '@lumen/engines/local/studio/studio-test-support';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function claimPlusTrial(page: Page, ticket: string): Promise<void> {
  const answer = await page.request.post('/prod-api/trade/v1/trial/claim', {
    headers: { authorization: `Bearer ${ticket}` },
  });
  expect(((await answer.json()) as { code: number }).code).toBe(0);
}

const picker = (page: Page, label: string) =>
  page.locator(`input[type="file"][aria-label="${label}"]`);

test.describe('portrait and try-on studios', () => {
  test('a member checks a face, picks oil painting and gets two portraits', async ({ page }) => {
    test.setTimeout(600_000);
    const user = await signInThroughApi(page, `${uniqueUsername('portrait')}@example.test`);
    await claimPlusTrial(page, user.ticket);
    await page.goto('/studio/portrait');
    await expect(page.getByRole('heading', { name: 'AI portrait' })).toBeVisible();

    await picker(page, 'Face photo').setInputFiles({
      name: 'ball.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeFacelessPicture(),
    });
    await expect(page.getByText(/No portrait detected/)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();

    await page.getByRole('button', { name: 'Remove Face photo' }).click();
    await picker(page, 'Face photo').setInputFiles({
      name: 'face.jpg',
      mimeType: 'image/jpeg',
      buffer: await readPortraitPhoto(),
    });
    await expect(page.getByText('One face found — ready.')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('radio', { name: 'Oil painting' }).click();
    await page.locator('label[for]').filter({ hasText: /^2$/ }).click();
    await expect(page.getByText('Cost: 2 credits')).toBeVisible();
    await shot(page, 'portrait-ready-desktop');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByTestId('studio-result')).toHaveCount(2, { timeout: 540_000 });
    await shot(page, 'portrait-done-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'portrait-done-390');
  });

  test('a member tries a striped tee on a person photo', async ({ page }) => {
    test.setTimeout(600_000);
    const user = await signInThroughApi(page, `${uniqueUsername('tryon')}@example.test`);
    await claimPlusTrial(page, user.ticket);
    await page.goto('/studio/try-on');
    await expect(page.getByRole('heading', { name: 'AI try-on' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await picker(page, 'Person photo').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await readPersonPhoto(),
    });
    await picker(page, 'Garment photo').setInputFiles({
      name: 'tee.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeGarmentPhoto(),
    });
    await page.getByText('Top', { exact: true }).click();
    await expect(page.getByText('Cost: 1 credit')).toBeVisible();
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByTestId('studio-result')).toHaveCount(1, { timeout: 540_000 });
    await expect(page.getByText(/GPU engine draws the full-quality version/)).toBeVisible();
    await shot(page, 'try-on-done-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'try-on-done-390');
  });
});
