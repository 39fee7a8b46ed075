import { isApiPath } from '@lumen/contracts/api-paths';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWork } from '../src/modules/community/community.fixtures';
import { createApiCaller } from './support/api-caller';
import { createUser } from './support/factories';
import {
  fuzzedValueOf,
  hostileSegment,
  hostileValue,
  listOperations,
  valueOf,
  type Operation,
} from './support/openapi-fuzz';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Every operation of the OpenAPI document, called with values of its schema's shape and with
 * hostile ones (NUL, lone surrogates, absurd numbers, deep objects, wrong types, long text, odd
 * ids in the path), as a visitor, a signed-in user and an admin (and a worker on the worker API).
 * However bad the request, the answer is never a 5xx: bad input is the caller's error.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
/**
 * Requests per operation and role: enough to meet each hostile value somewhere while the file
 * stays under a minute; FUZZ_RUNS=200 (and FUZZ_SEED) for a longer hunt on one's own machine.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const ADMIN_EMAILS = Array.from({ length: 8 }, (_, i) => `fuzz-admin-${i}@example.com`);
const WORKER_TOKEN = 'fuzz-worker-token-0123456789';

type Role = 'visitor' | 'user' | 'admin' | 'worker';

/** Operations some role cannot call here, with the reason; everything else is fuzzed. */
const excluded: { method: string; path: string; roles: Role[]; reason: string }[] = [
  {
    method: 'GET',
    path: '/prod-api/content/tasks/events',
    roles: ['user', 'admin'],
    reason:
      'a Server-Sent Events stream that stays open until the client leaves; app.inject waits ' +
      'for the end (its query is fuzzed as a visitor, its stream in task-events.test.ts)',
  },
];

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let operations: Operation[] = [];
const tickets: Partial<Record<Role, string>> = {};
const userIds: Partial<Record<Role, number>> = {};
/** Accounts signed in so far per role: a fresh one replaces one the fuzzer closed. */
let users = 0;
let admins = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_EMAILS: ADMIN_EMAILS.join(','), WORKER_TOKENS: WORKER_TOKEN },
  });
  api = createApiCaller(t);
  const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  operations = listOperations(doc.json());
  await ensureSession('user');
  await ensureSession('admin');
  await seed();
}, 120_000);
afterAll(() => t.close());

/** Signs a role in again when a fuzzed call logged it out, deleted or banned it. */
async function ensureSession(role: 'user' | 'admin') {
  const ticket = tickets[role];
  if (ticket) {
    const info = await api.call('GET', '/prod-api/user/info', ticket);
    if (info.code === 0) return;
  }
  // An admin is an account whose proved address is listed in ADMIN_EMAILS.
  const email = role === 'admin' ? ADMIN_EMAILS[admins++] : `fuzz-user-${users++}@example.com`;
  if (!email) throw new Error('every admin account was banned or deleted by the fuzzer');
  if (role === 'admin') await createUser(t.database.db, { email });
  const signedIn = await api.signIn(email);
  if (!signedIn.ticket) throw new Error(`could not sign ${role} ${email} in`);
  tickets[role] = signedIn.ticket;
  userIds[role] = signedIn.id;
}

/**
 * A few rows for valid-shaped ids (small numbers) to find: a circle, a campaign, works of both
 * accounts with a comment, a folder, a queued task.
 */
async function seed() {
  const { admin, user } = tickets;
  for (const owner of [userIds.user, userIds.admin, userIds.user]) {
    if (owner) await insertWork(t.database.db, owner);
  }
  await api.call('POST', '/prod-api/content/works/1/comments', user, { text: 'Fuzz comment' });
  await api.call('POST', '/prod-api/admin/circles', admin, { name: 'Fuzz circle' });
  const day = 24 * 3600 * 1000;
  await api.call('POST', '/prod-api/admin/campaigns', admin, {
    title: 'Fuzz campaign',
    entry_starts_at: new Date(Date.now() - day).toISOString(),
    entry_ends_at: new Date(Date.now() + day).toISOString(),
    voting_ends_at: new Date(Date.now() + 2 * day).toISOString(),
  });
  await api.call('POST', '/prod-api/content/assets_folder', user, { name: 'Fuzz folder' });
  await api.call('POST', '/api/gw/v3/image/txt2img/async', user, { prompt: 'fuzz' });
}

function encodeSegment(value: unknown): string {
  try {
    return encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a careless encoder would.
    return '%ED%A0%80';
  }
}

const rawBodies = fc.constantFrom(
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
);

/** Odd credentials and languages, sent in place of the role's own now and then. */
const oddHeaders = fc.constantFrom<Record<string, string>>(
  { authorization: 'Bearer ' },
  { authorization: `Bearer ${'x'.repeat(10_000)}` },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { authorization: 'Bearer a.b.c' },
  { cookie: 'ticket=%00; refresh_token=%ED%A0%80' },
  { cookie: `ticket=${'y'.repeat(5000)}` },
  { 'x-accept-language': 'xx-YY,zh;q=0.5' },
  { 'x-client-platform': '\u0000' },
);

type FuzzRequest = {
  url: string;
  payload?: string;
  contentType?: string;
  headers?: Record<string, string>;
};

/**
 * One request of an operation: path, query and body each plausible or hostile, mostly
 * plausible so that many requests get past validation to the code behind it.
 */
function requestsFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  const pathSchemas = new Map(
    op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema]),
  );
  const segments = fc.tuple(
    ...pathNames.map((name) =>
      fc.oneof(
        {
          weight: 3,
          arbitrary: valueOf(pathSchemas.get(name) ?? { type: 'string' }).map(encodeSegment),
        },
        { weight: 1, arbitrary: hostileSegment },
      ),
    ),
  );
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const query = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(
        fc.oneof(
          { weight: 2, arbitrary: valueOf(p.schema) },
          { weight: 1, arbitrary: fuzzedValueOf(p.schema) },
          { weight: 1, arbitrary: hostileValue },
        ),
        { freq: 3 },
      ),
    ),
    fc.boolean(),
  );
  const body: fc.Arbitrary<string | undefined> = op.body
    ? fc.oneof(
        { weight: 4, arbitrary: valueOf(op.body).map((v) => JSON.stringify(v)) },
        { weight: 4, arbitrary: fuzzedValueOf(op.body).map((v) => JSON.stringify(v)) },
        { weight: 1, arbitrary: rawBodies },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : ['GET', 'HEAD'].includes(op.method)
      ? fc.constant(undefined)
      : fc.option(
          fc.oneof(
            rawBodies,
            hostileValue.map((v) => JSON.stringify({ x: v })),
          ),
          {
            freq: 2,
          },
        );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded') },
  );
  const headers = fc.option(oddHeaders, { freq: 8 });
  return fc.record({ segments, query, body, contentType, headers }).map((r) => {
    let url = op.path;
    pathNames.forEach((name, i) => {
      url = url.replace(`{${name}}`, r.segments[i] ?? '');
    });
    const pairs: string[] = [];
    queryParams.forEach((p, i) => {
      const value = r.query[i];
      if (value === null || value === undefined) return;
      const values = Array.isArray(value) ? value : [value];
      for (const v of values) pairs.push(`${p.name}=${encodeSegment(v)}`);
    });
    // The same name twice: the parser hands the route a list where it expects one value.
    const [first] = pairs;
    if (r.query.at(-1) === true && first) pairs.push(first);
    if (pairs.length > 0) url += `?${pairs.join('&')}`;
    return {
      url,
      ...(r.headers ? { headers: r.headers } : {}),
      ...(r.body === undefined ? {} : { payload: r.body, contentType: r.contentType }),
    };
  });
}

async function send(role: Role, op: Operation, req: FuzzRequest) {
  const headers: Record<string, string> = { 'x-accept-language': 'en' };
  const ticket = role === 'worker' ? WORKER_TOKEN : role === 'visitor' ? undefined : tickets[role];
  if (ticket) headers.authorization = `Bearer ${ticket}`;
  if (req.contentType) headers['content-type'] = req.contentType;
  return t.app.inject({
    method: op.method as 'GET',
    url: req.url,
    headers: { ...headers, ...req.headers },
    ...(req.payload === undefined ? {} : { payload: req.payload }),
  });
}

/** How often each role got each status and code: FUZZ_STATS=1 prints it, to see how deep runs go. */
const answers = new Map<string, number>();
function tally(role: Role, status: number, body: string) {
  const code = /^\{"code":(-?\d+)/.exec(body)?.[1] ?? '-';
  const key = `${role} ${status} ${code}`;
  answers.set(key, (answers.get(key) ?? 0) + 1);
}
const formatTally = () =>
  [...answers]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${key}: ${count}`)
    .join('\n');

/** The request in a line a reader can replay (long values cut). */
function describeRequest(role: Role, op: Operation, req: FuzzRequest): string {
  const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
  const headers = Object.entries(req.headers ?? {}).map(
    ([name, value]) => `${name}: ${cut(value)}`,
  );
  return [
    role,
    op.method,
    cut(req.url),
    headers.length > 0 ? `[${headers.join('; ')}]` : '',
    req.contentType && req.contentType !== 'application/json' ? `(${req.contentType})` : '',
    cut(req.payload ?? ''),
  ]
    .filter(Boolean)
    .join(' ');
}

/** What is wrong with an answer: a server error, or an API answer outside the envelope. */
function judge(url: string, status: number, body: string): string {
  if (status >= 500) return `${status} ${body.slice(0, 200)}`;
  if (!isApiPath(url.split('?')[0] ?? '') || (status >= 300 && status < 400)) return '';
  try {
    const answer = JSON.parse(body) as { code?: unknown; msg?: unknown };
    if (typeof answer.code === 'number' && typeof answer.msg === 'string') return '';
  } catch {
    // Not JSON: reported below.
  }
  return `${status} outside the envelope: ${body.slice(0, 200)}`;
}

function rolesFor(op: Operation): Role[] {
  const roles: Role[] = op.path.startsWith('/worker/')
    ? ['visitor', 'worker']
    : ['visitor', 'user', 'admin'];
  const skip = excluded.find((e) => e.method === op.method && e.path === op.path);
  return roles.filter((role) => !skip?.roles.includes(role));
}

describe('no request to the API answers a server error or leaves the envelope', () => {
  it('the document lists the operations', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const e of excluded) {
      expect(operations.some((op) => op.method === e.method && op.path === e.path)).toBe(true);
    }
  });

  it('every operation, for every role', async () => {
    const failures: string[] = [];
    for (const [index, op] of operations.entries()) {
      for (const role of rolesFor(op)) {
        if (role === 'user' || role === 'admin') await ensureSession(role);
        // Long polling would only wait: a worker's claim asks not to.
        const body =
          op.path === '/worker/v1/claim' && op.body
            ? { ...op.body, properties: { ...op.body.properties, wait_s: { enum: [0] } } }
            : op.body;
        const arbitrary = requestsFor({ ...op, ...(body ? { body } : {}) });
        let failure = '';
        const result = await fc.check(
          fc.asyncProperty(arbitrary, async (req) => {
            const res = await send(role, op, req);
            tally(role, res.statusCode, res.body);
            failure = judge(req.url, res.statusCode, res.body);
            if (failure) {
              failure += ` ← ${describeRequest(role, op, req)}`;
            }
            return !failure;
          }),
          { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
        );
        if (result.failed) failures.push(failure || String(result.errorInstance));
      }
    }
    if (process.env.FUZZ_STATS) console.warn(formatTally());
    expect(failures).toEqual([]);
  }, 600_000);
});
