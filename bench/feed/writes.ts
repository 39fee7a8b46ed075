/**
 * What the stored hot score (decision 0030, migration 0013) costs the writes that move it.
 * Seeds the feed catalogue (seed.ts, 100k approved works by default) in one database, then
 * copies it byte for byte (`CREATE DATABASE … TEMPLATE`) into a reference database where
 * `works.hot_score` is a plain, never-written column and `works_hot_idx` and
 * `works_kind_hot_idx` are gone (the product schema and the first database are left as they
 * are). Both tables are rewritten (`VACUUM FULL`) so they start equally packed. One API server
 * per database; 64 keep-alive connections, each signed in as its own users, then:
 *   - like a work and take the like back (POST and DELETE `/works/:id/like`),
 *   - add a work to favourites and remove it (`/works/:id/favorite`),
 *   - comment on a work and delete the comment (POST `/works/:id/comments`,
 *     DELETE `/comments/:id`),
 * on the works published in the last three days (picked at random per pair), each request one
 * row update of `works`; and `GET /version.json` on each server as the static reference. Rounds
 * turn the order of the routes and alternate which database goes first. Around the rounds it
 * reads `pg_stat_user_tables` (updates, heap-only updates) and the sizes of `works`, its
 * indexes and the two hot indexes in each database. Last, one session per database moves a like
 * counter up and down in PL/pgSQL, each update committed: the row update's cost without HTTP.
 * A database seeded by an earlier run on the same server is reused (the reference is copied
 * afresh each time), so `DATABASE_URL=… node --import tsx bench/feed/writes.ts` repeats a run
 * without seeding.
 *   bash bench/feed/writes.sh [seconds per route] [works] [rounds]
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database';
import { hashToken } from '../../apps/server/src/lib/tokens';
import { count, grow, seedUsers } from './seed';

const CONNECTIONS = 64;
/** Users per connection: the comment limit allows 5 posts per user in 30 s (decision 0016). */
const USERS_PER_CONNECTION = 32;
const SECONDS = Number(process.argv[2] ?? 5);
const SIZE = Number(process.argv[3] ?? 100_000);
const ROUNDS = Number(process.argv[4] ?? 3);
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('DATABASE_URL must point at a PostgreSQL server');

const urlFor = (name: string) => {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
const HOT_DB = 'bench_writes_hot';
const REF_DB = 'bench_writes_ref';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ── The two databases ──────────────────────────────────────────────────────────────────────

const admin = new pg.Pool({ connectionString: baseUrl, max: 1 });
const exists = async (name: string) =>
  (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
if (!(await exists(HOT_DB))) await admin.query(`create database ${HOT_DB}`);

const migrated = await openDatabase({ kind: 'postgres', url: urlFor(HOT_DB), poolSize: 2 });
await migrated.migrate();
await migrated.close();
const pool = new pg.Pool({ connectionString: urlFor(HOT_DB), max: 2 });
const firstUser = await seedUsers(pool);
const seeded = await grow(pool, firstUser, SIZE);
console.log(`${SIZE} works: ${seeded.added} added in ${seeded.seconds.toFixed(1)} s`);

// Writers have no likes, favourites or comments of their own, so every toggle moves a counter.
const WRITERS = CONNECTIONS * USERS_PER_CONNECTION;
if (!(await count(pool, "select count(*) as n from users where username like 'bench\\_w%'"))) {
  await pool.query(
    `insert into users (username, nickname, avatar, created_at)
     select 'bench_w' || g, 'Writer ' || g, '', now() - interval '30 days'
     from generate_series(1, $1::int) g`,
    [WRITERS],
  );
}
const writers = (
  await pool.query<{ id: string }>(
    "select id from users where username like 'bench\\_w%' order by id limit $1",
    [WRITERS],
  )
).rows.map((r) => Number(r.id));
// One fresh session per writer, written straight into the table the ticket check reads: signing
// 2,048 users in through the API would spend the run on password hashing.
const tickets = writers.map((_, i) => `bench-writer-${i}-${Date.now()}`);
await pool.query(
  `with s as (
     insert into auth_sessions (id, user_id, created_at, last_used_at, expires_at)
     select gen_random_uuid(), u, now(), now(), now() + interval '1 day'
     from unnest($1::bigint[]) with ordinality as t(u, i) returning id, user_id)
   insert into auth_tickets (token_hash, session_id, expires_at)
   select h, s.id, now() + interval '1 day'
   from s join unnest($1::bigint[], $2::text[]) as t(u, h) on t.u = s.user_id`,
  [writers, tickets.map(hashToken)],
);
await pool.end();

// The reference: the same bytes, then the generated column and its two indexes taken away.
if (await exists(REF_DB)) await admin.query(`drop database ${REF_DB}`);
await admin.query(`create database ${REF_DB} template ${HOT_DB}`);
const pools = {
  hot: new pg.Pool({ connectionString: urlFor(HOT_DB), max: 2 }),
  ref: new pg.Pool({ connectionString: urlFor(REF_DB), max: 2 }),
};
await pools.ref.query('alter table works drop column hot_score');
await pools.ref.query('alter table works add column hot_score double precision');
for (const p of Object.values(pools)) await p.query('vacuum full analyze works');

const recent = (
  await pools.hot.query<{ id: string }>(
    `select id from works where status = 'approved' and published_at > now() - interval '3 days'
     order by id`,
  )
).rows.map((r) => Number(r.id));
const pick = () => recent[Math.floor(Math.random() * recent.length)]!;

type Variant = keyof typeof pools;
const VARIANTS: Variant[] = ['hot', 'ref'];
const LABEL: Record<Variant, string> = {
  hot: 'stored hot score (product schema)',
  ref: 'reference: no hot_score column or indexes',
};

async function stats(variant: Variant) {
  const p = pools[variant];
  await p.query('select pg_stat_clear_snapshot()');
  const t = (
    await p.query<{ upd: string; hot: string; size: string; indexes: string }>(
      `select n_tup_upd as upd, n_tup_hot_upd as hot, pg_relation_size('works') as size,
              pg_indexes_size('works') as indexes
       from pg_stat_user_tables where relname = 'works'`,
    )
  ).rows[0]!;
  const idx = (
    await p.query<{ name: string; size: string }>(
      `select c.relname as name, pg_relation_size(c.oid) as size from pg_class c
       where c.relname in ('works_hot_idx', 'works_kind_hot_idx')`,
    )
  ).rows;
  return {
    updates: Number(t.upd),
    hotUpdates: Number(t.hot),
    heap: Number(t.size),
    indexes: Number(t.indexes),
    hotIndexes: idx.reduce((n, r) => n + Number(r.size), 0),
    perHotIndex: Object.fromEntries(idx.map((r) => [r.name, Number(r.size)])),
  };
}

// ── Servers and the client ─────────────────────────────────────────────────────────────────

function startServer(url: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/feed/server.ts'], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString())?.[1];
      if (port) {
        resolve({
          port: Number(port),
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    // Never leave a server behind, whatever happens to this process.
    process.on('exit', () => child.kill('SIGTERM'));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2 });

function request(
  port: number,
  method: string,
  path: string,
  ticket?: string,
  body?: object,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(ticket ? { authorization: `Bearer ${ticket}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

/** One connection's next request: it answers whether the write was accepted. */
type Step = (port: number) => Promise<boolean>;
const accepted = (res: { status: number; body: string }) =>
  res.status === 200 && res.body.startsWith('{"code":0,');

/** A connection's writes: do something to a random recent work as its next user, then undo it. */
function toggler(kind: 'like' | 'favorite') {
  return (loop: number): Step => {
    let turn = 0;
    let undo: { ticket: string; work: number } | null = null;
    return async (port) => {
      if (undo) {
        const { ticket, work } = undo;
        undo = null;
        return accepted(
          await request(port, 'DELETE', `/prod-api/content/works/${work}/${kind}`, ticket),
        );
      }
      const ticket = tickets[loop * USERS_PER_CONNECTION + (turn++ % USERS_PER_CONNECTION)]!;
      const work = pick();
      undo = { ticket, work };
      return accepted(
        await request(port, 'POST', `/prod-api/content/works/${work}/${kind}`, ticket),
      );
    };
  };
}

function commenter(loop: number): Step {
  let turn = 0;
  let undo: { ticket: string; comment: string } | null = null;
  return async (port) => {
    if (undo) {
      const { ticket, comment } = undo;
      undo = null;
      return accepted(
        await request(port, 'DELETE', `/prod-api/content/comments/${comment}`, ticket),
      );
    }
    const ticket = tickets[loop * USERS_PER_CONNECTION + (turn++ % USERS_PER_CONNECTION)]!;
    const res = await request(port, 'POST', `/prod-api/content/works/${pick()}/comments`, ticket, {
      text: 'A bench comment',
    });
    if (!accepted(res)) return false;
    undo = {
      ticket,
      comment: (JSON.parse(res.body) as { result: { comment_id: string } }).result.comment_id,
    };
    return true;
  };
}

const staticRoute = (): Step => async (port) =>
  (await request(port, 'GET', '/version.json')).status === 200;

/** CONNECTIONS loops for `seconds`; each finishes the pair it started, outside the timing. */
async function load(port: number, seconds: number, make: (loop: number) => Step) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  let ended = started;
  const steps = Array.from({ length: CONNECTIONS }, (_, loop) => make(loop));
  await Promise.all(
    steps.map(async (step) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const ok = await step(port);
        const t1 = performance.now();
        latencies.push(t1 - t0);
        ended = Math.max(ended, t1);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (ended - started) / 1000;
  // The undo of a pair started before the end, so no like, favourite or comment stays behind.
  const undone = (await Promise.all(steps.map((step) => step(port)))).filter(Boolean).length;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    undone,
  };
}

// ── The run ────────────────────────────────────────────────────────────────────────────────

const routes: {
  name: string;
  make: (loop: number) => Step;
  before?: (v: Variant) => Promise<unknown>;
}[] = [
  { name: 'static JSON `GET /version.json`', make: staticRoute },
  { name: 'like, then take it back', make: toggler('like') },
  { name: 'favourite, then remove it', make: toggler('favorite') },
  {
    name: 'comment, then delete it',
    make: commenter,
    // Earlier rounds' posts would hold the writers at the comment limit.
    before: (v) =>
      pools[v].query('delete from comment_posts where user_id = any($1::bigint[])', [writers]),
  },
];

const servers = {
  hot: await startServer(urlFor(HOT_DB)),
  ref: await startServer(urlFor(REF_DB)),
};
// Warm-up (JIT, pools, the ticket cache), then a pause so the start-up's writes (the hourly
// bound refresh) are counted before the first snapshot, not in it.
for (const v of VARIANTS) {
  await load(servers[v].port, 2, staticRoute);
  await load(servers[v].port, 1, toggler('like'));
}
await sleep(11_000);
const before = { hot: await stats('hot'), ref: await stats('ref') };

type Result = Awaited<ReturnType<typeof load>>;
const rounds: Map<string, Result>[] = [];
const loads: string[] = [];
let writes = { hot: 0, ref: 0 };
for (let round = 0; round < ROUNDS; round++) {
  const results = new Map<string, Result>();
  const others = routes.slice(1);
  const turned = [
    ...others.slice(round % others.length),
    ...others.slice(0, round % others.length),
  ];
  const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
  for (const route of [routes[0]!, ...turned]) {
    for (const v of order) {
      await route.before?.(v);
      const r = await load(servers[v].port, SECONDS, route.make);
      results.set(`${route.name}|${v}`, r);
      if (route !== routes[0])
        writes = { ...writes, [v]: writes[v] + r.requests - r.errors + r.undone };
    }
  }
  loads.push(
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
  );
  rounds.push(results);
  console.log(`round ${round + 1} done, load average ${loads.at(-1)}`);
}
// A server's connections report their counts when they close.
await Promise.all(Object.values(servers).map((s) => s.stop()));
await sleep(1_500);
const after = { hot: await stats('hot'), ref: await stats('ref') };

const f = (n: number) => n.toFixed(1);
const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
const report: string[] = [
  `### ${SIZE.toLocaleString('en')} works, ${recent.length.toLocaleString('en')} of them in the last 3 days (toggled); ` +
    `${CONNECTIONS} connections, ${SECONDS} s per route and database, ${ROUNDS} rounds, ${os.cpus().length} cores, ` +
    `PostgreSQL ${(await pools.hot.query<{ server_version: string }>('show server_version')).rows[0]!.server_version}; ` +
    `load average after each round: ${loads.join(' / ')}\n`,
  '| route | database | req/s | p50 ms | p99 ms | req/s ÷ static | p99 ÷ static p99 | req/s hot ÷ ref | p50 hot ÷ ref | p99 hot ÷ ref | errors |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
];
for (const route of routes) {
  for (const v of VARIANTS) {
    const per = rounds.map((r) => ({
      r: r.get(`${route.name}|${v}`)!,
      st: r.get(`${routes[0]!.name}|${v}`)!,
      hot: r.get(`${route.name}|hot`)!,
      ref: r.get(`${route.name}|ref`)!,
    }));
    const hotVsRef =
      v === 'hot'
        ? `${median(per.map((x) => x.hot.rps / x.ref.rps)).toFixed(3)} | ${median(per.map((x) => x.hot.p50 / x.ref.p50)).toFixed(2)} | ${median(per.map((x) => x.hot.p99 / x.ref.p99)).toFixed(2)}`
        : ' | | ';
    report.push(
      `| ${route.name} | ${v} | ${f(median(per.map((x) => x.r.rps)))} | ${f(median(per.map((x) => x.r.p50)))} | ` +
        `${f(median(per.map((x) => x.r.p99)))} | ${median(per.map((x) => x.r.rps / x.st.rps)).toFixed(3)} | ` +
        `${median(per.map((x) => x.r.p99 / x.st.p99)).toFixed(1)} | ${hotVsRef} | ${per.reduce((n, x) => n + x.r.errors, 0)} |`,
    );
  }
}
report.push(
  '',
  '| database | accepted writes | `works` updates | heap-only (HOT) | HOT % | `works` heap MB before → after | all `works` indexes MB before → after | `works_hot_idx` + `works_kind_hot_idx` MB before → after |',
  '|---|---|---|---|---|---|---|---|',
);
for (const v of VARIANTS) {
  const upd = after[v].updates - before[v].updates;
  const hot = after[v].hotUpdates - before[v].hotUpdates;
  report.push(
    `| ${LABEL[v]} | ${writes[v]} | ${upd} | ${hot} | ${upd ? ((100 * hot) / upd).toFixed(1) : '–'} | ` +
      `${mb(before[v].heap)} → ${mb(after[v].heap)} | ${mb(before[v].indexes)} → ${mb(after[v].indexes)} | ` +
      `${
        v === 'hot'
          ? `${mb(before[v].hotIndexes)} → ${mb(after[v].hotIndexes)} (${Object.entries(
              after[v].perHotIndex,
            )
              .map(([k, n]) => `${k} ${mb(before[v].perHotIndex[k] ?? 0)} → ${mb(n)}`)
              .join(', ')})`
          : 'absent'
      } |`,
  );
}
// The row update alone, no HTTP and no concurrency: one session moves a like counter up and
// down on random recent works, committing each update as the API's transactions do.
const PAIRS = 5_000;
const direct: Record<Variant, number[]> = { hot: [], ref: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const v of round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()) {
    // A session of its own, closed after: a backend reports its counts when it ends.
    const session = new pg.Client({ connectionString: urlFor(v === 'hot' ? HOT_DB : REF_DB) });
    await session.connect();
    const t0 = performance.now();
    await session.query(
      `do $$
       declare
         ids bigint[] := array(select id from works where status = 'approved'
                               and published_at > now() - interval '3 days');
         w bigint;
       begin
         for i in 1..${PAIRS} loop
           w := ids[1 + floor(random() * array_length(ids, 1))::int];
           update works set like_count = like_count + 1 where id = w;
           commit;
           update works set like_count = greatest(like_count - 1, 0) where id = w;
           commit;
         end loop;
       end $$`,
    );
    direct[v].push(((performance.now() - t0) * 1000) / (2 * PAIRS));
    await session.end();
  }
}
await sleep(1_500);
const afterDirect = { hot: await stats('hot'), ref: await stats('ref') };
report.push(
  '',
  `Row update alone (PL/pgSQL, one session, ${PAIRS.toLocaleString('en')} up-and-down pairs per round, each update committed): µs per update, median over the rounds`,
  '',
  '| database | µs per update (rounds) | `works` updates | heap-only (HOT) | HOT % | all `works` indexes MB after |',
  '|---|---|---|---|---|---|',
);
for (const v of VARIANTS) {
  const upd = afterDirect[v].updates - after[v].updates;
  const hot = afterDirect[v].hotUpdates - after[v].hotUpdates;
  report.push(
    `| ${LABEL[v]} | ${f(median(direct[v]))} (${direct[v].map(f).join(', ')}) | ${upd} | ${hot} | ` +
      `${upd ? ((100 * hot) / upd).toFixed(1) : '–'} | ${mb(afterDirect[v].indexes)} |`,
  );
}
await Promise.all(Object.values(pools).map((p) => p.end()));
await admin.end();
agent.destroy();
console.log(`\nmedians over the rounds (ratios taken within each round)\n${report.join('\n')}`);
