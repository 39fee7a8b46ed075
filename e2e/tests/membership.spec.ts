import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  openLoginDialog,
  readMailCode,
  skipSurvey,
  topBar,
  uniqueUsername,
} from '../support/accounts';

/** Signs a new account up by e-mail code from the page it is on; returns the address. */
async function signUpByEmail(page: Page, prefix: string, dialog?: Locator): Promise<string> {
  const email = `${uniqueUsername(prefix)}@example.test`;
  const login = dialog ?? (await openLoginDialog(page));
  await expect(login).toBeVisible();
  await login.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await login.getByRole('button', { name: 'Send code' }).click();
  const code = await readMailCode(page.request, email);
  await login.getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await expect(login).toBeHidden({ timeout: 15_000 });
  await skipSurvey(page);
  return email;
}

/** A minute after the next 00:00 GMT-8 (08:00 UTC), when the daily invite-reward issue runs. */
function nextIssueTime(): Date {
  const next = new Date();
  next.setUTCHours(8, 1, 0, 0);
  if (next.getTime() <= Date.now()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** The credits badge in the top bar (its text is the formatted balance). */
function creditsBadge(page: Page): Locator {
  return topBar(page).getByRole('link', { name: /credits? — view bills/ });
}

/** From /pay: buy monthly Plus and arrive at the sandbox's hosted checkout. */
async function startPlusCheckout(page: Page): Promise<void> {
  await page.goto('/pay');
  await page.getByTestId('plan-plus').getByRole('button', { name: 'Get Plus' }).click();
  await expect(page).toHaveURL(/\/pay\/checkout\/[^/]+$/);
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
}

test.describe('membership and payments', () => {
  // Each walks sign-up, a hosted checkout and the result page, some with two accounts.
  test.describe.configure({ timeout: 120_000 });

  test('a free user buys Plus monthly in the sandbox and sees grade and credits change', async ({
    page,
  }) => {
    await page.goto('/pay');
    await signUpByEmail(page, 'buy');
    await expect(creditsBadge(page)).toHaveText('30');
    await expect(topBar(page).getByRole('link', { name: 'Upgrade' })).toBeVisible();

    await startPlusCheckout(page);
    await expect(page.getByTestId('checkout-amount')).toHaveText('¥99');
    await expect(page.getByTestId('qr-countdown')).toHaveText(/Expires in (29|30):\d\d/);
    await page.getByRole('button', { name: 'Pay ¥99' }).click();

    await expect(page).toHaveURL(/\/pay\/result\?order_no=/);
    const result = page.getByTestId('payment-result');
    await expect(result.getByRole('heading', { name: 'Payment succeeded' })).toBeVisible();
    await expect(result).toContainText('Your plan is active');
    // Plus grants 4,000 credits on top of the 30 from today's login.
    await expect(creditsBadge(page)).toHaveText('4,030');
    await expect(topBar(page).getByRole('link', { name: 'Your plan: Plus' })).toBeVisible();

    await result.getByRole('link', { name: 'Go to member centre' }).click();
    await expect(page).toHaveURL(/\/member$/);
    const subscription = page.getByTestId('subscription-panel');
    await expect(subscription.getByRole('heading', { name: 'Plus' })).toBeVisible();
    await expect(subscription).toContainText('Active');
    await expect(subscription).toContainText('Renews automatically on');
    const order = page.getByTestId('order-row');
    await expect(order).toHaveCount(1);
    await expect(order).toContainText('¥99');
    await expect(order).toContainText('Activated');

    // Spec §4: with a plan running, another plan waits until this one is cancelled.
    await page.goto('/pay');
    await expect(
      page.getByTestId('plan-plus').getByRole('button', { name: 'Current plan' }),
    ).toBeDisabled();
    await expect(
      page.getByTestId('plan-pro').getByRole('button', { name: 'Cancel current plan first' }),
    ).toBeDisabled();
  });

  test('a user claims the free Plus trial once; it is not offered again and a retry is refused', async ({
    page,
  }) => {
    await page.goto('/pay');
    await signUpByEmail(page, 'trial');
    await page.goto('/member');
    await page.getByRole('button', { name: 'Claim free trial' }).click();

    const dialog = page.getByRole('dialog', { name: 'Free Plus trial' });
    await dialog.getByRole('button', { name: 'Start my 3-day trial' }).click();
    await expect(dialog.getByRole('heading', { name: 'Your Plus trial is on' })).toBeVisible();
    await expect(dialog).toContainText('400 credits have been added');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await expect(creditsBadge(page)).toHaveText('430');
    await expect(topBar(page).getByRole('link', { name: 'Your plan: Plus' })).toBeVisible();
    await expect(page.getByTestId('subscription-panel')).toContainText('Trial');
    await expect(page.getByRole('button', { name: 'Claim free trial' })).toHaveCount(0);
    await page.goto('/pay');
    await expect(page.getByRole('heading', { name: 'Free' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Claim free trial' })).toHaveCount(0);

    const retry = await page.request.post('/prod-api/trade/v1/trial/claim', { data: {} });
    const answer = (await retry.json()) as { code: number };
    expect(answer.code).toBe(1009);
    await page.reload();
    await expect(creditsBadge(page)).toHaveText('430');
  });

  test('an invitee signs up through an invite link and subscribes; the reward follows the daily issue', async ({
    page,
    browser,
  }) => {
    await page.goto('/pay');
    await signUpByEmail(page, 'inviter');
    await page.goto('/invite');
    const link = page.getByRole('textbox', { name: 'Your invite link' });
    await expect(link).toHaveValue(/invit/);
    const inviteUrl = new URL(await link.inputValue());
    await expect(page.getByText('Nobody has joined through your link yet.')).toBeVisible();

    const inviteeContext = await browser.newContext();
    const invitee = await inviteeContext.newPage();
    await invitee.goto(inviteUrl.pathname + inviteUrl.search);
    await signUpByEmail(invitee, 'invitee');
    await startPlusCheckout(invitee);
    // An invitee's first membership is 10% off.
    await expect(invitee.getByTestId('checkout-amount')).toHaveText('¥89.10');
    await invitee.getByRole('button', { name: 'Pay ¥89.10' }).click();
    await expect(invitee.getByRole('heading', { name: 'Payment succeeded' })).toBeVisible();
    await inviteeContext.close();

    await page.reload();
    const row = page.getByTestId('reward-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Activated');
    await expect(page.getByText('Redeemable points').locator('..')).toContainText('0');

    // The daily 00:00 (GMT-8) issue pays what was activated before it: run the next one now,
    // through the development trigger, instead of waiting for midnight.
    const issue = await page.request.post('/dev/jobs/invite-rewards', {
      data: { now: nextIssueTime().toISOString() },
    });
    expect(((await issue.json()) as { issued: number }).issued).toBe(1);
    await page.reload();
    await expect(page.getByText('Redeemable points').locator('..')).toContainText('300');
    await expect(page.getByText('Total points earned').locator('..')).toContainText('300');
    await expect(row).toContainText('+300');
    await expect(creditsBadge(page)).toHaveText('330');
  });

  test('a cancelled checkout shows the cancelled prompt and leaves the plan unchanged', async ({
    page,
  }) => {
    await page.goto('/pay');
    await signUpByEmail(page, 'cancel');
    await startPlusCheckout(page);
    await page.getByRole('button', { name: 'Cancel and return to Lumen' }).click();

    await expect(page).toHaveURL(/\/pay\/result\?order_no=/);
    await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await expect(page.getByText('Nothing was charged and your plan is unchanged.')).toBeVisible();
    await expect(creditsBadge(page)).toHaveText('30');
    await expect(topBar(page).getByRole('link', { name: 'Upgrade' })).toBeVisible();

    await page.goto('/member');
    await expect(page.getByText('No subscription')).toBeVisible();
    const order = page.getByTestId('order-row');
    await expect(order).toHaveCount(1);
    await expect(order).toContainText('Cancelled');
  });
});
