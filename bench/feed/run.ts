/**
 * Explore feed at growing catalogue sizes (10k, 100k, 1M approved works by default, about ten
 * likes per work, seeded with generate_series), then, at each size, 64 keep-alive connections
 * load a static JSON route (`GET /version.json`, the reference) and the explore feed, in rounds
 * that rotate the order of the routes, on the same server in the same run:
 *   - `sort=hot` first page, signed in; `sort=hot` ranked at a new instant for every request
 *     (a cursor naming an instant of the last hour: every request computes a ranking);
 *   - `sort=new` first page and deeper pages through the cursor, signed in; `sort=following`;
 *   - the `new` and `hot` first pages for a visitor, and a visitor revalidating the `new` one
 *     with `If-None-Match` (304 is success).
 *   bash bench/feed/run.sh [seconds per route] [sizes, e.g. 10000,100000,1000000] [rounds]
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database';
import { count, grow, seedUsers } from './seed';

const CONNECTIONS = 64;
const SECONDS = Number(process.argv[2] ?? 5);
const SIZES = (process.argv[3] ?? '10000,100000,1000000').split(',').map(Number);
const ROUNDS = Number(process.argv[4] ?? 2);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must point at a PostgreSQL server');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function startServer(): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/feed/server.ts'], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ port: Number(port), stop: () => child.kill('SIGTERM') });
    });
    // Never leave the server behind, whatever happens to this process.
    process.on('exit', () => child.kill('SIGTERM'));
  });
}

function get(
  port: number,
  path: string,
  ticket?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; etag?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        headers: { ...headers, ...(ticket ? { authorization: `Bearer ${ticket}` } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ...(typeof res.headers.etag === 'string' ? { etag: res.headers.etag } : {}),
          }),
        );
      },
    );
    req.on('error', reject);
  });
}

/** CONNECTIONS loops for `seconds`; `next` gives each request's path (a loop may keep state). */
async function load(
  port: number,
  seconds: number,
  next: (loop: number) => string,
  check: (body: string, loop: number) => void,
  ticket?: string,
  options: { headers?: () => Record<string, string>; status?: number } = {},
) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, loop) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await get(port, next(loop), ticket, options.headers?.());
        latencies.push(performance.now() - t0);
        if (res.status !== (options.status ?? 200)) errors++;
        else check(res.body, loop);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
await database.migrate();
await database.close();
const pool = new pg.Pool({ connectionString: url, max: 4 });
const firstUser = await seedUsers(pool);
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function post(port: number, path: string, body: object) {
  return new Promise<{ code: number; result: { ticket: string; id: number } }>(
    (resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve(JSON.parse(text) as Awaited<ReturnType<typeof post>>));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    },
  );
}

type Page = { code: number; result: { data: { liked: boolean }[]; next_cursor: string | null } };
// A full page of 24 cards, checked without parsing every answer (the client shares the CPUs).
const feedCheck = (body: string) => {
  if (!body.startsWith('{"code":0,') || body.split('"work_id":').length !== 25) {
    throw new Error(body.slice(0, 300));
  }
};
const explore = (sort: string) => `/prod-api/content/works/explore?sort=${sort}&limit=24`;
/** A hot cursor naming `at` and a place above every score: that instant's ranking, from the top. */
const hotAt = (at: Date) =>
  `${explore('hot')}&cursor=${Buffer.from(JSON.stringify({ v: [at.toISOString(), 1e300, 0] })).toString('base64url')}`;

type Result = Awaited<ReturnType<typeof load>>;
const report: string[] = [];

async function measure(size: number, seeded: { added: number; seconds: number }) {
  const server = await startServer();
  const port = server.port;
  const credentials = { username: 'benchviewer', password: 'Bench1234' };
  let signedIn = await post(port, '/prod-api/user/register', {
    ...credentials,
    confirm_password: credentials.password,
    agree_terms: true,
  });
  if (signedIn.code !== 0) signedIn = await post(port, '/prod-api/user/login', credentials);
  const { ticket, id: viewer } = signedIn.result;
  // The viewer follows 300 creators and liked the 3000 newest works.
  await pool.query(
    `insert into follows (follower_id, followee_id, created_at)
     select $1::bigint, $2::bigint + g * 7, now() from generate_series(0, 299) g on conflict do nothing`,
    [viewer, firstUser],
  );
  await pool.query(
    `insert into work_likes (user_id, work_id, created_at)
     select $1::bigint, id, now() from works where status = 'approved'
     order by published_at desc limit 3000 on conflict do nothing`,
    [viewer],
  );

  const cursors: (string | null)[] = Array.from({ length: CONNECTIONS }, () => null);
  const depth: number[] = Array.from({ length: CONNECTIONS }, () => 0);
  const deep = (loop: number) =>
    cursors[loop]
      ? `${explore('new')}&cursor=${encodeURIComponent(cursors[loop]!)}`
      : explore('new');
  const deepCheck = (body: string, loop: number) => {
    const page = JSON.parse(body) as Page;
    if (page.code !== 0) throw new Error(body.slice(0, 300));
    depth[loop] = (depth[loop]! + 1) % 40;
    cursors[loop] = depth[loop] === 0 ? null : page.result.next_cursor;
  };
  // Instants within the last 55 minutes, to the millisecond: no two requests share a ranking.
  const freshInstant = () => hotAt(new Date(Date.now() - Math.random() * 55 * 60_000));

  const routes: { name: string; run: () => Promise<Result> }[] = [
    {
      name: 'static JSON `GET /version.json`',
      run: () =>
        load(
          port,
          SECONDS,
          () => '/version.json',
          () => {},
        ),
    },
    {
      name: 'hot, first page, signed in',
      run: () => load(port, SECONDS, () => explore('hot'), feedCheck, ticket),
    },
    {
      name: 'hot, a new ranking per request, signed in',
      run: () => load(port, SECONDS, freshInstant, feedCheck, ticket),
    },
    {
      name: 'new, first page, signed in',
      run: () => load(port, SECONDS, () => explore('new'), feedCheck, ticket),
    },
    {
      name: 'new, pages 1–40 by cursor, signed in',
      run: () => load(port, SECONDS, deep, deepCheck, ticket),
    },
    {
      name: 'following, first page',
      run: () => load(port, SECONDS, () => explore('following'), feedCheck, ticket),
    },
    {
      name: 'new, first page, visitor',
      run: () => load(port, SECONDS, () => explore('new'), feedCheck),
    },
    {
      name: 'hot, first page, visitor',
      run: () => load(port, SECONDS, () => explore('hot'), feedCheck),
    },
    {
      // A browser revalidating the page it holds; a server without ETags answers 200 (errors).
      name: 'new, first page, visitor with `If-None-Match`',
      run: async () => {
        const etag = (await get(port, explore('new'))).etag ?? '"none"';
        return load(
          port,
          SECONDS,
          () => explore('new'),
          () => {},
          undefined,
          { headers: () => ({ 'if-none-match': etag }), status: 304 },
        );
      },
    },
  ];
  // Warm-up: JIT, connection pools, caches.
  await load(port, 2, () => explore('new'), feedCheck, ticket);
  const rounds: Map<string, Result>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const results = new Map<string, Result>();
    // The static route first, then the others in an order that turns with each round.
    const others = routes.slice(1);
    const turned = [
      ...others.slice(round % others.length),
      ...others.slice(0, round % others.length),
    ];
    for (const route of [routes[0]!, ...turned]) results.set(route.name, await route.run());
    rounds.push(results);
  }
  server.stop();

  const f = (n: number) => n.toFixed(1);
  report.push(
    `\n### ${size.toLocaleString('en')} works, ${await count(pool, 'select count(*) as n from work_likes')} likes` +
      `${seeded.added ? ` (${seeded.added} works added in ${seeded.seconds.toFixed(0)} s)` : ''}; ` +
      `${CONNECTIONS} connections, ${SECONDS} s per route, ${ROUNDS} rounds, ${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    '| route | req/s | p50 ms | p99 ms | req/s ÷ static | p99 ÷ static p99 | errors |',
    '|---|---|---|---|---|---|---|',
  );
  for (const route of routes) {
    const per = rounds.map((r) => ({ r: r.get(route.name)!, ref: r.get(routes[0]!.name)! }));
    report.push(
      `| ${route.name} | ${f(median(per.map((x) => x.r.rps)))} | ${f(median(per.map((x) => x.r.p50)))} | ` +
        `${f(median(per.map((x) => x.r.p99)))} | ${median(per.map((x) => x.r.rps / x.ref.rps)).toFixed(3)} | ` +
        `${median(per.map((x) => x.r.p99 / x.ref.p99)).toFixed(1)} | ${per.reduce((n, x) => n + x.r.errors, 0)} |`,
    );
  }
  console.log(report.slice(-routes.length - 3).join('\n'));
}

for (const size of SIZES) {
  const seeded = await grow(pool, firstUser, size);
  console.log(`${size} works: ${seeded.added} added in ${seeded.seconds.toFixed(1)} s`);
  await measure(size, seeded);
}
await pool.end();
agent.destroy();
console.log(`\nmedians over the rounds (ratios taken within each round)\n${report.join('\n')}`);
