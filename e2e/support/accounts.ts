import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** A unique, valid username (letter first, at most 18 characters). */
export function uniqueUsername(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(
    0,
    18,
  );
}

/** The page's top bar; dialogs have headers too, but they come later in the document. */
export function topBar(page: Page): Locator {
  return page.getByRole('banner').first();
}

export function loginDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /Sign in to Lumen|Create your Lumen account/ });
}

export async function openLoginDialog(page: Page): Promise<Locator> {
  await topBar(page).getByRole('button', { name: 'Sign in' }).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The newest 6-digit code the developer mailbox holds for `email` (sent moments ago). */
export async function readMailCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
      const { messages } = (await answer.json()) as {
        messages: { subject: string; text: string }[];
      };
      const newest = messages[0];
      code = newest ? (/\b(\d{6})\b/.exec(`${newest.subject} ${newest.text}`)?.[1] ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** The age question every account answers once, after its first sign-in. */
export function ageDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'How old are you?' });
}

/**
 * The date of birth the helpers answer the age question with; a profile birthday saved later
 * must be this date, as the server keeps the two consistent.
 */
export const ADULT_BIRTH_DATE = '1990-05-17';

/** Answers the age question as an adult (or as `birthDate` says). */
export async function answerAgeQuestion(page: Page, birthDate = ADULT_BIRTH_DATE): Promise<void> {
  const dialog = ageDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Date of birth').fill(birthDate);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * New accounts are asked their age, then the collect-account questions; these tests answer the
 * first as an adult and leave the second for later.
 */
export async function skipSurvey(page: Page): Promise<void> {
  const survey = page.getByRole('dialog', { name: 'Tell us a little about you' });
  await expect(ageDialog(page).or(survey)).toBeVisible();
  if (await ageDialog(page).isVisible()) await answerAgeQuestion(page);
  await expect(survey).toBeVisible();
  await survey.getByRole('button', { name: 'Skip for now' }).click();
  await expect(survey).toBeHidden();
}

export async function registerWithPassword(
  page: Page,
  username: string,
  password: string,
): Promise<void> {
  const dialog = await openLoginDialog(page);
  await dialog.getByRole('tab', { name: 'Password' }).click();
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await dialog.getByLabel('Username', { exact: true }).fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm password').fill(password);
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog).toBeHidden();
  await skipSurvey(page);
}

export async function signOut(page: Page, name: string): Promise<void> {
  await topBar(page)
    .getByRole('button', { name: `Account menu for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}

/** The session the login API answers with. */
export interface SignedInUser {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  ticket: string;
  refresh_token: string;
}

/**
 * Signs `email` in by e-mail code through the API and stores the session the way the app's
 * sign-in does (features/accounts/session/sign-in.ts); the reload lets start-up restore it, so
 * guarded pages (library, favorites, admin) know the user.
 */
export async function signInThroughApi(
  page: Page,
  email: string,
  startAt = '/studio',
): Promise<SignedInUser> {
  await page.goto(startAt);
  const sent = await page.request.post('/prod-api/user/captcha', {
    data: { method: 'email', email, purpose: 'login' },
  });
  expect(((await sent.json()) as { code: number }).code).toBe(0);
  const captcha = await readMailCode(page.request, email);
  const answer = await page.request.post('/prod-api/user/login', {
    data: { loginType: 'email', email, captcha, max_age: 3600 },
  });
  const login = (await answer.json()) as { code: number; result: SignedInUser };
  expect(login.code).toBe(0);
  // Answered here as an adult, so the age question does not cover the page; an account that
  // answered before is refused a second answer, which changes nothing.
  await page.request.post('/prod-api/user/age', {
    headers: { authorization: `Bearer ${login.result.ticket}` },
    data: { birth_date: ADULT_BIRTH_DATE },
  });
  await page.evaluate((r) => {
    localStorage.setItem('ticket', r.ticket);
    localStorage.setItem('refresh_token', r.refresh_token);
    localStorage.setItem('username', r.username);
    localStorage.setItem('nickname', r.nickname);
    localStorage.setItem('userId', String(r.id));
    localStorage.setItem('avatar', r.avatar);
  }, login.result);
  await page.reload();
  await expect(topBar(page).getByRole('button', { name: /Account menu/ })).toBeVisible();
  return login.result;
}
