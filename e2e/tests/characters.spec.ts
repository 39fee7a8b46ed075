import sharp from 'sharp';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';
import { facePhotos } from '../support/faces';

/** A picture with no face in it: a red ball on a pale ground. */
async function ballPhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="100%" height="100%" fill="#e9edf2"/><circle cx="200" cy="200" r="120" fill="#c0392b"/></svg>`;
  return {
    name: 'ball.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer(),
  };
}

test.describe('character workshop', () => {
  test('creates a character from five faces, refusing a faceless picture, and uses it', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInThroughApi(page, `${uniqueUsername('chars')}@example.test`);
    await page.goto('/studio/characters');
    // The page's code and words arrive on the first visit to it.
    await expect(page.getByRole('heading', { name: 'Character workshop' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('No characters yet. Create your first one above.')).toBeVisible({
      timeout: 15_000,
    });

    await page.getByLabel('Name').fill('Ada');
    const photos = await facePhotos();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add pictures' }).click();
    await (await chooser).setFiles([...photos.slice(0, 4), await ballPhoto()]);
    const pictures = page.getByTestId('reference-picture');
    await expect(pictures).toHaveCount(5);
    await expect(page.getByText('5 of 5 pictures ready')).toBeVisible({ timeout: 30_000 });

    // The server checks each face: the ball is refused beside itself, and nothing is created.
    await page.getByRole('button', { name: 'Create character' }).click();
    await expect(page.getByText('1 of the pictures cannot be used for a character')).toBeVisible({
      timeout: 60_000,
    });
    await expect(pictures.nth(4).getByRole('alert')).toHaveText(/^Picture 5: No portrait detected/);
    await page.screenshot({ path: test.info().outputPath('refused.png'), fullPage: true });

    await page.getByRole('button', { name: 'Remove picture 5' }).click();
    const again = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add pictures' }).click();
    await (await again).setFiles([photos[4]!]);
    await expect(page.getByText('5 of 5 pictures ready')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create character' }).click();

    const card = page.getByTestId('character-card').filter({ hasText: 'Ada' });
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(card).toHaveAttribute('data-status', 'ready', { timeout: 120_000 });
    await expect(card.getByRole('img', { name: 'Reference sheet of Ada' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('ready.png'), fullPage: true });

    await card.getByRole('button', { name: 'Use in image studio' }).click();
    const dialog = page.getByRole('dialog', { name: 'A new picture of Ada' });
    await dialog.getByLabel('What should the picture show?').fill('a person in a garden');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(dialog.getByRole('img', { name: 'New picture of Ada' })).toBeVisible({
      timeout: 120_000,
    });
    await page.screenshot({ path: test.info().outputPath('used.png'), fullPage: true });
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: 'Delete' }).click();
    await card.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByText('No characters yet. Create your first one above.')).toBeVisible();
  });

  test('fits a phone screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughApi(page, `${uniqueUsername('charsm')}@example.test`);
    await page.goto('/studio/characters');
    await expect(page.getByRole('button', { name: 'Add pictures' })).toBeVisible({
      timeout: 30_000,
    });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('phone.png'), fullPage: true });
  });
});
