import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ADULT_BIRTH_DATE, uniqueUsername } from '../support/accounts';
import { adminTicket, call, ticketFor } from '../support/api';

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

/** Opens the app as the admin, with the session stored the way the app's sign-in stores it. */
async function openAsAdmin(page: Page, path: string): Promise<void> {
  const ticket = await adminTicket(page.request, ADMIN_EMAIL);
  // Answered as an adult so the age question does not cover the page; a second answer is
  // refused and changes nothing.
  await page.request.post('/prod-api/user/age', {
    headers: { authorization: `Bearer ${ticket}` },
    data: { birth_date: ADULT_BIRTH_DATE },
  });
  const info = await call<{ username: string; userId: number }>(
    page.request,
    'GET',
    '/prod-api/user/info',
    ticket,
  );
  await page.goto('/');
  await page.evaluate(
    ({ ticket, username, id }) => {
      localStorage.setItem('ticket', ticket);
      localStorage.setItem('username', username);
      localStorage.setItem('userId', String(id));
    },
    { ticket, username: info.username, id: info.userId },
  );
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
    await page.getByRole('link', { name: 'Open' }).nth(5).click();
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
    await grant.getByRole('textbox', { name: 'Credits' }).fill('50');
    await grant.getByRole('textbox', { name: 'Reason' }).fill('Thanks for the report');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(grant).toBeHidden();
    await expect(page.getByText(`50 credits granted to ${name}.`)).toBeVisible();
    await expect(page.getByTestId('admin-user-credits')).toHaveText(String(before.credits + 50));

    await page.getByRole('button', { name: 'Give a plan' }).click();
    const plan = page.getByRole('dialog', { name: 'Give a plan' });
    await expect(plan.getByRole('textbox', { name: 'Plan' })).toHaveValue('Plus');
    await expect(plan.getByRole('textbox', { name: 'Days' })).toHaveValue('30');
    await plan.getByRole('button', { name: 'Give' }).click();
    await expect(plan).toBeHidden();
    await expect(page.getByText(`Plus given to ${name} for 30 days.`)).toBeVisible();
    await expect(page.getByTestId('admin-user-plan')).toHaveText('Plus');
    await shoot(page, 'admin-user-panel');

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
