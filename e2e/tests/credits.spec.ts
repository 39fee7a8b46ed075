import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  openLoginDialog,
  readMailCode,
  skipSurvey,
  topBar,
  uniqueUsername,
} from '../support/accounts';

/** A new account signed in by e-mail code; its first signed-in request earns the daily login grant. */
async function signInByEmail(page: Page): Promise<void> {
  const email = `${uniqueUsername('cred')}@example.test`;
  await page.goto('/studio');
  const dialog = await openLoginDialog(page);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const code = await readMailCode(page.request, email);
  await dialog.getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  await skipSurvey(page);
}

test.describe('credits and library', () => {
  test('shows the daily login credits, the bill, the policy and keeps folders', async ({
    page,
  }) => {
    await signInByEmail(page);

    const badge = topBar(page).getByRole('link', { name: /30 credits/ });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText('30');

    await badge.click();
    await expect(page).toHaveURL(/\/account\/credits$/);
    await expect(page.getByRole('heading', { name: 'Credit bills' })).toBeVisible();
    const row = page.getByTestId('bill-row').filter({ hasText: 'Daily login' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('+30');
    await expect(row).toContainText('Gift');
    // Daily login credits end at 23:59:59 GMT-8 the same day: an expiry date is shown, not "Never".
    const expiry = row.getByRole('cell').last();
    await expect(expiry).toHaveText(/\d{4}/);

    // Mantine's segmented control hides its radios behind their labels.
    await page.getByText('Consumed', { exact: true }).click();
    await expect(
      page.getByText('Credits you spend on generations will be listed here.'),
    ).toBeVisible();
    await page.getByText('Obtained free', { exact: true }).click();
    await expect(page.getByTestId('bill-row').filter({ hasText: 'Daily login' })).toHaveCount(1);

    await page.goto('/credit-policy');
    await expect(page.getByRole('heading', { name: 'Credit policy', level: 1 })).toBeVisible();
    await expect(page.getByText(/expire at 23:59:59 \(GMT-8\)/)).toBeVisible();
    await expect(
      page.getByRole('row', { name: /Lip sync \(per video\) 100 credits/ }),
    ).toBeVisible();

    await page.goto('/library');
    await expect(page.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New' }).click();
    const create = page.getByRole('dialog', { name: 'New folder' });
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByText('Folder name cannot be empty')).toBeVisible();
    await create.getByLabel('Folder name').fill('Moodboard');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create).toBeHidden();
    await expect(page.getByRole('button', { name: /^Moodboard Created/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Folder actions for Moodboard' })).toBeVisible();

    // The server keeps names unique per kind and says so in the field.
    await page.getByRole('button', { name: 'New' }).click();
    await create.getByLabel('Folder name').fill('moodboard');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByText('Folder name exists')).toBeVisible();
  });
});
