import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';

test('the landing page fits a 360 px phone without sideways scrolling', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('on a phone, Generate brings the new run into view and it finishes there', async ({
  page,
}) => {
  const prompt = 'A red fox curled up in fresh snow';
  await signInThroughApi(page, `${uniqueUsername('phone')}@example.test`);
  await page.goto('/studio/image');
  await page.getByRole('textbox', { name: /Prompt/ }).fill(prompt);
  // The results sit below the settings here: the card is out of view before Generate.
  await page.getByRole('button', { name: 'Generate' }).click();
  const card = page.getByText(prompt, { exact: true }).last();
  await expect(card).toBeInViewport();
  await expect(page.getByRole('img', { name: prompt }).first()).toBeInViewport({
    ratio: 0.1,
    timeout: 30_000,
  });
});
