import type { ManualClock } from '../../src/lib/clock';
import { readMailedCode } from './mailbox';
import type { TestApp } from './test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
export type Json = Record<string, any>;

/**
 * Calls the test app as a client would, and signs users in by e-mail code read from the
 * mailbox. With a manual clock, each sign-in first moves past the 60 s resend wait.
 */
export function createApiCaller(t: TestApp, clock?: ManualClock) {
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    ticket?: string,
    body?: object,
    headers: Record<string, string> = {},
  ) {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...headers, ...(ticket ? { authorization: `Bearer ${ticket}` } : {}) },
      ...(body ? { payload: body } : {}),
    });
    return res.json() as Json;
  }

  async function signIn(email: string): Promise<{ ticket: string; id: number }> {
    clock?.advance(61_000);
    await call('POST', '/prod-api/user/captcha', undefined, { method: 'email', email });
    const captcha = await readMailedCode(t, email);
    const { result } = await call('POST', '/prod-api/user/login', undefined, {
      loginType: 'email',
      email,
      captcha,
    });
    return { ticket: result.ticket as string, id: result.id as number };
  }

  const credits = async (ticket: string) =>
    (await call('GET', '/prod-api/trade/v1/account', ticket)).result.credits as number;

  return { call, signIn, credits };
}

/**
 * Sends raw JSON text, so that escapes like \u0000 and \ud800 reach the server as written,
 * and answers the HTTP status with the envelope.
 */
export async function sendRawJson(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { ticket: string; json?: string | undefined; lang?: string },
): Promise<Json> {
  const { ticket, json, lang = 'en' } = options;
  const res = await t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${ticket}`,
      'x-accept-language': lang,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { payload: json }),
  });
  return { status: res.statusCode, ...(res.json() as Json) };
}
