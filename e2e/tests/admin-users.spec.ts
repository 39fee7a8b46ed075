import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ADULT_BIRTH_DATE, readMailCode, topBar, uniqueUsername } from '../support/accounts';
import { call, ticketFor } from '../support/api';

/** Listed in ADMIN_EMAILS (playwright.config.ts) for this spec alone. */
const ADMIN_EMAIL = 'users@e2e.test';
const PHONE = { width: 390, height: 844 };

/** A date of birth that makes its owner `years` old today (a month past their birthday). */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - 1);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

type AdminSession = { ticket: string; refresh_token: string; username: string; id: number };
let adminSession: AdminSession | undefined;

/**
 * Signs the admin in once per worker (the page needs the refresh token a full sign-in answers,
 * which a kept ticket has not); a code refused because one went out in the last minute, as on
 * a retry, is asked again until it is sent.
 */
async function signInAdmin(request: APIRequestContext): Promise<AdminSession> {
  if (adminSession) return adminSession;
  await expect
    .poll(
      async () => {
        const sent = await request.post('/prod-api/user/captcha', {
          data: { method: 'email', email: ADMIN_EMAIL, purpose: 'login' },
        });
        return ((await sent.json()) as { code: number }).code;
      },
      { timeout: 75_000, intervals: [5000] },
    )
    .toBe(0);
  const captcha = await readMailCode(request, ADMIN_EMAIL);
  adminSession = await call<AdminSession>(request, 'POST', '/prod-api/user/login', undefined, {
    loginType: 'email',
    email: ADMIN_EMAIL,
    captcha,
    max_age: 3600,
  });
  // Answered as an adult so the age question does not cover the page; a second answer is
  // refused and changes nothing.
  await request.post('/prod-api/user/age', {
    headers: { authorization: `Bearer ${adminSession.ticket}` },
    data: { birth_date: ADULT_BIRTH_DATE },
  });
  return adminSession;
}

/** Opens `path` as the admin, with the session stored the way the app's sign-in stores it. */
async function openAsAdmin(page: Page, path: string): Promise<void> {
  const session = await signInAdmin(page.request);
  await page.goto('/studio');
  await page.evaluate((r) => {
    localStorage.setItem('ticket', r.ticket);
    localStorage.setItem('refresh_token', r.refresh_token);
    localStorage.setItem('username', r.username);
    localStorage.setItem('userId', String(r.id));
  }, session);
  await page.reload();
  await expect(topBar(page).getByRole('button', { name: /Account menu/ })).toBeVisible();
  await page.goto(path);
}

/** Both widths of the same screen, for looking at the layout. */
async function shoot(page: Page, name: string): Promise<void> {
  const desktop = page.viewportSize();
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

test.describe('admin Users page', () => {
  test('an admin finds a new user by part of their name, grants credits and gives Plus', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const name = uniqueUsername('heron');
    const userTicket = await ticketFor(page.request, `${name}@example.test`);
    const before = await call<{ credits: number }>(
      page.request,
      'GET',
      '/prod-api/trade/v1/account',
      userTicket,
    );

    await openAsAdmin(page, '/admin');
    await page
      .locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Users' }) })
      .getByRole('link', { name: 'Open' })
      .click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

    // Part of the name, in another letter case: the new account is found.
    await page.getByRole('textbox', { name: 'Search accounts' }).fill(name.slice(2).toUpperCase());
    const row = page.getByTestId('admin-user-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(String(before.credits));
    await shoot(page, 'admin-users-search');

    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByTestId('admin-user-credits')).toHaveText(String(before.credits));
    await expect(page.getByTestId('admin-user-plan')).toHaveText('Free');

    await page.getByRole('button', { name: 'Grant credits' }).click();
    const grant = page.getByRole('dialog', { name: 'Grant credits' });
    await grant.getByLabel('Credits').fill('50');
    await grant.getByLabel('Reason').fill('Thanks for the report');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(grant).toBeHidden();
    await expect(page.getByText(`50 credits granted to ${name}.`)).toBeVisible();
    await expect(page.getByTestId('admin-user-credits')).toHaveText(String(before.credits + 50));

    await page.getByRole('button', { name: 'Give a plan' }).click();
    const plan = page.getByRole('dialog', { name: 'Give a plan' });
    await expect(plan.getByLabel('Plan', { exact: true })).toHaveValue('Plus');
    await expect(plan.getByLabel('Days')).toHaveValue('30');
    await plan.getByRole('button', { name: 'Give' }).click();
    await expect(plan).toBeHidden();
    await expect(page.getByText(`Plus given to ${name} for 30 days.`)).toBeVisible();
    await expect(page.getByTestId('admin-user-plan')).toHaveText('Plus');

    // On the whitelist and off again, each said in a toast and shown in the roles.
    const whitelist = page.getByRole('switch', { name: 'Whitelist' });
    await expect(whitelist).not.toBeChecked();
    await whitelist.click();
    await expect(page.getByText(`${name} is on the whitelist.`)).toBeVisible();
    await expect(whitelist).toBeChecked();
    await expect(page.getByText('whitelist', { exact: true })).toBeVisible();
    await shoot(page, 'admin-user-panel');
    await whitelist.click();
    await expect(page.getByText(`${name} is off the whitelist.`)).toBeVisible();
    await expect(whitelist).not.toBeChecked();
    await expect(page.getByText('whitelist', { exact: true })).toHaveCount(0);

    // The user sees the same: the grant and the plan are theirs.
    const after = await call<{ credits: number; grade: number }>(
      page.request,
      'GET',
      '/prod-api/trade/v1/account',
      userTicket,
    );
    expect(after.grade).toBe(2);
    expect(after.credits).toBeGreaterThanOrEqual(before.credits + 50);

    // Back to the search as it was.
    await page.getByRole('link', { name: 'All users' }).click();
    await expect(page.getByRole('textbox', { name: 'Search accounts' })).toHaveValue(
      name.slice(2).toUpperCase(),
    );
  });

  test('a child under 14 whose guardian has not answered shows the pending consent badge', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const name = uniqueUsername('kid');
    const guardian = `parent-${uniqueUsername('g')}@example.test`;
    const childTicket = await ticketFor(page.request, `${name}@example.test`);
    const child = await call<{ userId: number }>(
      page.request,
      'GET',
      '/prod-api/user/info',
      childTicket,
    );
    await call(page.request, 'POST', '/prod-api/user/age', childTicket, {
      birth_date: bornYearsAgo(13),
      guardian_email: guardian,
    });

    await openAsAdmin(page, '/admin/users');
    await page.getByRole('textbox', { name: 'Search accounts' }).fill(String(child.userId));
    await page.getByTestId('admin-user-row').filter({ hasText: name }).click();
    await expect(page.getByTestId('age-consent-badge')).toHaveText(
      'Minor · guardian consent pending',
    );
    await expect(page.getByTestId('admin-user-guardian')).toHaveText(guardian);
    await expect(page.getByText('13 years')).toBeVisible();
    await shoot(page, 'admin-user-minor');
  });
});
