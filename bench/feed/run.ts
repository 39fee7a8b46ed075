/**
 * Explore feed throughput: 100k approved works and about 1M likes seeded with generate_series,
 * then 64 keep-alive connections load, on the same server in the same run:
 *   - a static JSON route (`GET /version.json`), the ceiling of the HTTP stack;
 *   - the explore feed for a signed-in user (`sort=new`, a page of 24 with counts, liked,
 *     favorited and followed), its deeper pages through the cursor, `sort=hot` and `sort=following`;
 *   - the first page for a visitor, and for a visitor revalidating it with `If-None-Match`.
 *   bash bench/feed/run.sh [seconds per route]
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database';

const CONNECTIONS = 64;
const SECONDS = Number(process.argv[2] ?? 10);
const WORKS = 100_000;
const USERS = 10_000;
const LIKES = 1_000_000;
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must point at a PostgreSQL server');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function seed(pool: pg.Pool) {
  const t0 = performance.now();
  await pool.query(
    `insert into users (username, nickname, avatar, created_at)
     select 'bench_u' || g, 'Creator ' || g, '', now() - interval '120 days'
     from generate_series(1, $1::int) g`,
    [USERS],
  );
  const { rows } = await pool.query<{ lo: string }>(
    "select min(id) as lo from users where username like 'bench\\_u%'",
  );
  const firstUser = Number(rows[0]!.lo);
  await pool.query(
    `insert into tasks (id, user_id, task_type, media, engine, status, settings, inputs, lane,
                        max_running, cost, request_id, created_at, updated_at)
     select gen_random_uuid(), $1::bigint + (g % $2::int), 'txt2img', 'image', 'local', 'done',
            jsonb_build_object('prompt', 'bench prompt ' || g, 'seed', g),
            '{"images":[],"videos":[],"audios":[]}'::jsonb, 0, 1, 1, 'bench-' || g, now(), now()
     from generate_series(1, $3::int) g`,
    [firstUser, USERS, WORKS],
  );
  await pool.query(
    `insert into works (user_id, task_id, output_idx, kind, media_key, thumb_key, mime, width,
                        height, task_type, seed, settings, title, description, status,
                        comment_count, favorite_count, created_at, published_at, updated_at)
     select t.user_id, t.id, 0, (array['image','image','image','video','3d'])[1 + (n % 5)],
            'outputs/' || t.user_id || '/' || t.id || '/0.png',
            'outputs/' || t.user_id || '/' || t.id || '/0_thumb.webp',
            'image/png', 1024, 1024, 'txt2img', n, t.settings, 'Work ' || n, '', 'approved',
            floor(random() * 6)::int, floor(random() * 4)::int, p.at, p.at, p.at
     from (select tasks.*, row_number() over (order by created_at, id) as n
           from tasks where request_id like 'bench-%') t
     cross join lateral (select now() - ((t.n * 7919) % 7776000) * interval '1 second' as at) p`,
  );
  const work = await pool.query<{ lo: string }>('select min(id) as lo from works');
  const firstWork = Number(work.rows[0]!.lo);
  // Popularity is skewed (random()^2): a few works collect many likes, most collect a few.
  await pool.query(
    `insert into work_likes (user_id, work_id, created_at)
     select $1::bigint + floor(random() * $2::int)::int,
            $3::bigint + floor(power(random(), 2) * $4::int)::int,
            now() - random() * interval '60 days'
     from generate_series(1, $5::int)
     on conflict do nothing`,
    [firstUser, USERS, firstWork, WORKS, Math.round(LIKES * 1.02)],
  );
  await pool.query(
    `update works w set like_count = c.n
     from (select work_id, count(*)::int as n from work_likes group by work_id) c
     where c.work_id = w.id`,
  );
  const likes = await pool.query<{ n: string }>('select count(*) as n from work_likes');
  const shown = await pool.query<{ n: string }>(
    "select count(*) as n from works where status = 'approved'",
  );
  if (Number(shown.rows[0]!.n) !== WORKS) throw new Error(`seeded ${shown.rows[0]!.n} works`);
  return {
    firstUser,
    likes: Number(likes.rows[0]!.n),
    seconds: (performance.now() - t0) / 1000,
  };
}

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

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

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
// A database seeded by an earlier run (same DATABASE_URL) is reused as it is.
const count = async (query: string) => Number((await pool.query<{ n: string }>(query)).rows[0]!.n);
const seeded =
  (await count('select count(*) as n from works')) >= WORKS
    ? {
        firstUser: await count("select min(id) as n from users where username like 'bench\\_u%'"),
        likes: await count('select count(*) as n from work_likes'),
        seconds: 0,
      }
    : await seed(pool);
console.log(
  seeded.seconds
    ? `seeded ${WORKS} works, ${USERS} users, ${seeded.likes} likes in ${seeded.seconds.toFixed(1)} s`
    : `reused the seeded database: ${seeded.likes} likes`,
);

const server = await startServer();
const port = server.port;
const post = (path: string, body: object) =>
  new Promise<{ code: number; result: { ticket: string; id: number } }>((resolve, reject) => {
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
  });
const credentials = { username: 'benchviewer', password: 'Bench1234' };
let signedIn = await post('/prod-api/user/register', {
  ...credentials,
  confirm_password: credentials.password,
  agree_terms: true,
});
if (signedIn.code !== 0) signedIn = await post('/prod-api/user/login', credentials);
const registered = signedIn.result;
const viewer = registered.id;
// The viewer follows 300 creators and liked 3000 works, so liked and followed are mixed.
await pool.query(
  `insert into follows (follower_id, followee_id, created_at)
   select $1::bigint, $2::bigint + g * 7, now() from generate_series(0, 299) g on conflict do nothing`,
  [viewer, seeded.firstUser],
);
await pool.query(
  `insert into work_likes (user_id, work_id, created_at)
   select $1::bigint, id, now() from works order by published_at desc limit 3000
   on conflict do nothing`,
  [viewer],
);
await pool.query('vacuum analyze');

const ticket = registered.ticket;
type Page = { code: number; result: { data: { liked: boolean }[]; next_cursor: string | null } };
// A full page of 24 cards, checked without parsing every answer (the client shares the CPUs).
const feedCheck = (body: string) => {
  if (!body.startsWith('{"code":0,') || body.split('"work_id":').length !== 25) {
    throw new Error(body.slice(0, 300));
  }
};
const explore = (sort: string) => `/prod-api/content/works/explore?sort=${sort}&limit=24`;

// Deep pages: each connection walks the cursor chain of the new feed, restarting after 40 pages.
const cursors: (string | null)[] = Array.from({ length: CONNECTIONS }, () => null);
const depth: number[] = Array.from({ length: CONNECTIONS }, () => 0);
const deep = (loop: number) =>
  cursors[loop] ? `${explore('new')}&cursor=${encodeURIComponent(cursors[loop]!)}` : explore('new');
const deepCheck = (body: string, loop: number) => {
  const page = JSON.parse(body) as Page;
  if (page.code !== 0) throw new Error(body.slice(0, 300));
  depth[loop] = (depth[loop]! + 1) % 40;
  cursors[loop] = depth[loop] === 0 ? null : page.result.next_cursor;
};

const sample = JSON.parse((await get(port, explore('new'), ticket)).body) as Page;
const likedShare = sample.result.data.filter((w) => w.liked).length;

const routes: { name: string; run: () => ReturnType<typeof load> }[] = [
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
    name: 'explore `sort=new`, first page, signed in',
    run: () => load(port, SECONDS, () => explore('new'), feedCheck, ticket),
  },
  {
    name: 'explore `sort=new`, pages 1–40 by cursor, signed in',
    run: () => load(port, SECONDS, deep, deepCheck, ticket),
  },
  {
    name: 'explore `sort=hot`, first page, signed in',
    run: () => load(port, SECONDS, () => explore('hot'), feedCheck, ticket),
  },
  {
    name: 'explore `sort=following`, first page',
    run: () => load(port, SECONDS, () => explore('following'), feedCheck, ticket),
  },
  {
    name: 'explore `sort=new`, first page, visitor',
    run: () => load(port, SECONDS, () => explore('new'), feedCheck),
  },
  {
    // A browser revalidating the page it holds; a server without ETags answers 200 (errors).
    name: 'explore `sort=new`, first page, visitor with `If-None-Match`',
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
const results: { name: string; r: Awaited<ReturnType<typeof load>> }[] = [];
for (const route of routes) results.push({ name: route.name, r: await route.run() });
server.stop();
await pool.end();
agent.destroy();

const f = (n: number) => n.toFixed(1);
console.log(
  `\n${CONNECTIONS} connections, ${SECONDS} s per route, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; first page liked by the viewer: ${likedShare}/24\n`,
);
console.log('| route | requests | req/s | p50 ms | p99 ms | errors |');
console.log('|---|---|---|---|---|---|');
for (const { name, r } of results) {
  console.log(
    `| ${name} | ${r.requests} | ${f(r.rps)} | ${f(r.p50)} | ${f(r.p99)} | ${r.errors} |`,
  );
}
const staticRps = results[0]!.r.rps;
for (const { name, r } of results.slice(1)) {
  console.log(`ratio ${name} / static: ${(r.rps / staticRps).toFixed(3)}`);
}
