import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type APIRequestContext } from '@playwright/test';
import { readMailCode } from './accounts';
import { expect } from './fixtures';

/** Calls the API as `ticket`'s user (or anonymously) and answers the envelope's result. */
export async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  ticket?: string,
  data?: unknown,
): Promise<T> {
  const answer = await request.fetch(url, {
    method,
    headers: ticket ? { authorization: `Bearer ${ticket}` } : {},
    ...(data === undefined ? {} : { data }),
  });
  const body = (await answer.json()) as { code: number; result: T };
  expect(body.code, `${method} ${url}`).toBe(0);
  return body.result;
}

/**
 * Signs `email` in with a code from the developer mailbox and answers the ticket. With
 * `waitForCode`, a code refused because one was sent in the last minute is asked again until
 * it is sent (for an address that another spec may have just used).
 */
export async function ticketFor(
  request: APIRequestContext,
  email: string,
  { waitForCode = false } = {},
): Promise<string> {
  const ask = async () => {
    const sent = await request.post('/prod-api/user/captcha', {
      data: { method: 'email', email, purpose: 'login' },
    });
    return ((await sent.json()) as { code: number }).code;
  };
  if (waitForCode) {
    await expect.poll(ask, { timeout: 75_000, intervals: [5000] }).toBe(0);
  } else {
    expect(await ask(), `a code for ${email}`).toBe(0);
  }
  const captcha = await readMailCode(request, email);
  const login = await call<{ ticket: string }>(request, 'POST', '/prod-api/user/login', undefined, {
    loginType: 'email',
    email,
    captcha,
    max_age: 3600,
  });
  return login.ticket;
}

/**
 * A ticket for the admin account `email`, signed in once per test run: a failed test restarts
 * its worker, and a second code for the same address within a minute would be refused, so the
 * ticket is kept in a file beside the run's data and checked before it is used again.
 */
export async function adminTicket(request: APIRequestContext, email: string): Promise<string> {
  const port = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').port;
  const file = path.join(os.tmpdir(), `lumen-e2e-admin-${port}-${email}.txt`);
  const kept = await readFile(file, 'utf8').catch(() => '');
  if (kept) {
    const check = await request.get('/prod-api/user/info', {
      headers: { authorization: `Bearer ${kept}` },
    });
    if (((await check.json()) as { code: number }).code === 0) return kept;
  }
  const ticket = await ticketFor(request, email, { waitForCode: true });
  await writeFile(file, ticket);
  return ticket;
}
