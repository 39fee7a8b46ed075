import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';
import { wechatAccount } from '../support/wechat-settings';

test.describe('WeChat binding', () => {
  // Two full page loads of the app (before and after WeChat's page) on a busy machine.
  test.beforeEach(() => {
    test.setTimeout(120_000);
  });

  test('binds WeChat from the profile through its QR-code page, shows the nickname, and unbinds', async ({
    page,
  }) => {
    await signInThroughApi(page, `${uniqueUsername('wechat')}@example.test`);
    await page.goto('/account/profile');
    const card = page.getByTestId('wechat-binding');
    await expect(card.getByRole('heading', { name: 'WeChat' })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('wechat-unbound.png'), fullPage: true });

    await card.getByRole('button', { name: 'Bind WeChat' }).click();
    // WeChat's page: the button stands in for scanning the code with the phone.
    await expect(page.getByRole('heading', { name: 'WeChat login' })).toBeVisible();
    await expect(page).toHaveURL(/\/connect\/qrconnect\?.*scope=snsapi_login/);
    await page.getByRole('button', { name: 'Scan and allow' }).click();

    // The app loads afresh on the profile, binds, and takes WeChat's code and state off the address.
    await expect(card.getByText(`Bound to ${wechatAccount.nickname}`)).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('WeChat bound')).toBeVisible();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(card.getByText('Bound', { exact: true })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('wechat-bound.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('wechat-bound-390.png') });

    // The binding is kept by the server, not only shown.
    await page.reload();
    await expect(card.getByText(`Bound to ${wechatAccount.nickname}`)).toBeVisible();

    await card.getByRole('button', { name: 'Unbind' }).click();
    await expect(card.getByText('Unbind this WeChat?')).toBeVisible();
    await card.getByRole('button', { name: 'Unbind' }).click();
    await expect(page.getByText('WeChat unbound')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Bind WeChat' })).toBeVisible();
    await expect(card.getByText(`Bound to ${wechatAccount.nickname}`)).toHaveCount(0);
  });

  test('says so when the binding is declined on WeChat’s page, and binds nothing', async ({
    page,
  }) => {
    await signInThroughApi(page, `${uniqueUsername('wxdeny')}@example.test`);
    await page.goto('/account/profile');
    const card = page.getByTestId('wechat-binding');
    await card.getByRole('button', { name: 'Bind WeChat' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByText('WeChat binding was cancelled')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(card.getByRole('button', { name: 'Bind WeChat' })).toBeVisible();
  });
});
