import { vi } from 'vitest';

export interface MockRequest {
  url: URL;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** What a handler answers: an envelope's parts, an HTTP status, or a ready Response. */
export type MockAnswer =
  { code?: number; msg?: string; result?: unknown; status?: number } | Response;
type Handler = (request: MockRequest) => MockAnswer | Promise<MockAnswer>;

function envelopeResponse(answer: Exclude<MockAnswer, Response>): Response {
  const body = {
    code: answer.code ?? 0,
    msg: answer.msg ?? 'success',
    result: answer.result ?? null,
  };
  return new Response(JSON.stringify(body), {
    status: answer.status ?? 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A fetch stand-in that answers by method and path with `{ code, msg, result }` envelopes and
 * records what each call sent. Paths without a handler answer 1004, so a missing one shows.
 */
export function createApiMock() {
  const handlers = new Map<string, Handler>();
  const requests: (MockRequest & { key: string })[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const request: MockRequest = {
      url,
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {},
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    requests.push({ ...request, key });
    const handler = handlers.get(key);
    const answer = handler
      ? await handler(request)
      : { code: 1004, msg: `no mock for ${key}`, status: 404 };
    return answer instanceof Response ? answer : envelopeResponse(answer);
  });

  return {
    fetchMock,
    on(method: string, path: string, handler: Handler | MockAnswer) {
      handlers.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
    },
    requests(method: string, path: string): MockRequest[] {
      return requests.filter((r) => r.key === `${method} ${path}`);
    },
  };
}

/** A login answer (spec §3) for tests. */
export function loginAnswer(overrides: Record<string, unknown> = {}) {
  return {
    id: 42,
    username: 'ada',
    nickname: 'Ada',
    avatar: '',
    role_menu_list: [{ role_name: 'member', menu_list: [{ menu_name: 'Studio' }] }],
    ticket: 'ticket-1',
    refresh_token: 'refresh-1',
    max_age: 3600,
    is_new_user: false,
    ...overrides,
  };
}

/** A `/prod-api/user/info` answer for tests. */
export function userInfoAnswer(overrides: Record<string, unknown> = {}) {
  return {
    userId: 42,
    username: 'ada',
    nickname: 'Ada',
    avatar: '',
    email: 'ada@example.com',
    pendingEmail: null,
    phone: null,
    hasPassword: false,
    isAdmin: false,
    roleList: ['member'],
    menuList: ['Studio'],
    role_menu_list: [{ role_name: 'member', menu_list: [{ menu_name: 'Studio' }] }],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
