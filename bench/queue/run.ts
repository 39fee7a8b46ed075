/**
 * Queue throughput: the product path (HTTP submit with gating and a credit hold in one
 * transaction → claim with SKIP LOCKED under a lease → complete with one tiny PNG output and
 * capture) against the bare minimum on the same PostgreSQL (insert a row → claim it with
 * SKIP LOCKED → mark it done). Also the p50/p99 latency of submits from 100 concurrent clients.
 * The product runs twice: without and with the NSFW scoring of outputs (on by default in the
 * product), so the queue's own cost and the moderation model's show apart.
 *   bash bench/queue/run.sh [rounds] [paths: product,empty,nsfw,raw]
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { Session } from 'node:inspector/promises';
import type { Engine } from '@lumen/engines/engine';
import { createWorkerRunner } from '@lumen/worker/runner';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/env';
import { openDatabase } from '../../apps/server/src/db/database';
import { createNoopOutput } from './noop-output';

const CLIENTS = 100;
const WORKERS = 4;
const ROUNDS = Number(process.argv[2] ?? 5);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must point at a PostgreSQL server');

/** Statements every pg client in this process sends while counting (null: not counting). */
let counting: number | null = null;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting !== null) counting++;
  return Reflect.apply(sendQuery, this, args) as unknown;
} as unknown as typeof sendQuery;

/** Round trips to PostgreSQL that `work` makes, its event's NOTIFY included. */
async function roundTrips(work: () => Promise<unknown>): Promise<number> {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
  await settle();
  counting = 0;
  await work();
  await settle();
  const n = counting;
  counting = null;
  return n;
}

/**
 * With QUEUE_BENCH_PROFILE=<folder>, the API process's CPU is profiled during the product
 * path's loaded phases only (not the start, the migrations or the sign-ups): one
 * `.cpuprofile` per phase and round, `<path>-<round>-submit` and `<path>-<round>-drain`.
 */
const profileDir = process.env.QUEUE_BENCH_PROFILE;
const profiler = profileDir ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 250 });
  await fs.mkdir(profileDir!, { recursive: true });
}
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!profiler) return work();
  await profiler.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await profiler.post('Profiler.stop');
    await fs.writeFile(path.join(profileDir!, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

/**
 * CPU time the API's thread (this process's main thread) has used, in ms, from Linux's
 * per-thread counters (10 ms ticks); NaN elsewhere. Unlike wall time it does not grow when
 * other work on the machine takes the cores, so it compares trees on a busy machine.
 */
function apiThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * CPU time, in ms, that the PostgreSQL server behind `pool` has used in its processes now
 * running (backends and background processes, from pg_stat_activity), from Linux's counters;
 * NaN elsewhere. Only for a server on this machine, as the benchmark's throwaway one is.
 */
async function postgresCpuMs(pool: pg.Pool): Promise<number> {
  try {
    const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity');
    let ticks = 0;
    for (const { pid } of rows) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process ended between the query and the read.
      }
    }
    return ticks * 10;
  } catch {
    return NaN;
  }
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * The 100 clients run on a thread of their own, as they would on other machines: their HTTP
 * work is not the server's. Each round, every client submits one task and waits for its answer.
 */
function startClients(base: string, tickets: string[]) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const { base, tickets } = workerData;
    parentPort.on('message', async (round) => {
      const latencies = await Promise.all(tickets.map(async (ticket, i) => {
        const t0 = performance.now();
        const res = await fetch(base + '/api/gw/v3/image/txt2img/async', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer ' + ticket },
          body: JSON.stringify({ prompt: 'bench ' + round + ' ' + i, request_id: 'b-' + round + '-' + i }),
        });
        const body = await res.json();
        if (body.code !== 0) throw new Error('submit refused in round ' + round + ': ' + JSON.stringify(body));
        return performance.now() - t0;
      }));
      parentPort.postMessage(latencies);
    });
    `,
    { eval: true, workerData: { base, tickets } },
  );
  return {
    round: (round: number) =>
      new Promise<number[]>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage(round);
      }),
    stop: () => worker.terminate(),
  };
}

async function product(nsfw: boolean, produces = true) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: url!,
    DAILY_LOGIN_CREDITS: '1000',
    NSFW_CHECK: nsfw ? 'on' : 'off',
  });
  const database = await openDatabase({ kind: 'postgres', url: url!, poolSize: 30 });
  await database.migrate();
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = async (p: string, body: object, ticket?: string) =>
    (await (
      await fetch(`${base}${p}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(ticket ? { authorization: `Bearer ${ticket}` } : {}),
        },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; result: { ticket: string; task_id: string } };

  const tickets = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const username = `b${nsfw ? 'n' : produces ? 'q' : 'e'}${i}_${process.pid}`.slice(0, 18);
      const r = await post('/prod-api/user/register', {
        username,
        password: 'Bench1234',
        confirm_password: 'Bench1234',
        agree_terms: true,
      });
      return r.result.ticket;
    }),
  );
  const output = await createNoopOutput();
  // Without an output the task ends failed and its hold is released: the queue's own work,
  // with no picture to store.
  const noop: Engine = {
    name: 'local',
    supports: () => true,
    run: async () => (produces ? [output] : []),
  };
  const drainOne = async (workerId: string) => {
    const task = await app.services.queue.claim({ workerId, engines: ['local'], taskTypes: null });
    if (task) await app.services.queue.complete(task.id, workerId, [output]);
  };
  // One client's submit, claim and complete, after a first one has warmed every path up.
  const [first] = tickets;
  const submitOne = (id: string) =>
    post('/api/gw/v3/image/txt2img/async', { prompt: 'count', request_id: id }, first);
  await submitOne('warm');
  await drainOne('bench-count');
  let claimed: Awaited<ReturnType<typeof app.services.queue.claim>>;
  const trips = {
    submit: await roundTrips(() => submitOne('count')),
    claim: await roundTrips(async () => {
      claimed = await app.services.queue.claim({
        workerId: 'bench-count',
        engines: ['local'],
        taskTypes: null,
      });
    }),
    complete: await roundTrips(() =>
      app.services.queue.complete(claimed!.id, 'bench-count', [output]),
    ),
  };
  const latencies: number[] = [];
  let tasks = 0;
  let busyMs = 0;
  let submitMs = 0;
  const clients = startClients(base, tickets);
  let submitTrips = 0;
  let drainTrips = 0;
  let submitCpuMs = 0;
  let drainCpuMs = 0;
  let submitPgMs = 0;
  let drainPgMs = 0;
  // Reads PostgreSQL's CPU between the phases, outside the statements counted.
  const probe = new pg.Pool({ connectionString: url, max: 1 });
  for (let round = 0; round < ROUNDS; round++) {
    const pgAtStart = await postgresCpuMs(probe);
    const started = performance.now();
    const cpuAtStart = apiThreadCpuMs();
    counting = 0;
    const label = `${nsfw ? 'nsfw' : produces ? 'product' : 'empty'}-${round}`;
    latencies.push(...(await profiled(`${label}-submit`, () => clients.round(round))));
    submitMs += performance.now() - started;
    const cpuAtDrain = apiThreadCpuMs();
    submitCpuMs += cpuAtDrain - cpuAtStart;
    submitTrips += counting;
    counting = null;
    const pgAtDrain = await postgresCpuMs(probe);
    submitPgMs += pgAtDrain - pgAtStart;
    counting = 0;
    // The worker that `npm start` embeds, with a no-op engine and one slot per worker.
    const target = tasks + CLIENTS;
    await profiled(
      `${label}-drain`,
      () =>
        new Promise<void>((resolve) => {
          const runner = createWorkerRunner({
            api: {
              ...app.services.workerApi,
              async complete(taskId, workerId, outputs) {
                const ok = await app.services.workerApi.complete(taskId, workerId, outputs);
                if (ok && ++tasks === target) void runner.stop().then(resolve);
                return ok;
              },
            },
            engines: [noop],
            workerId: `bench-${round}`,
            concurrency: WORKERS,
            idleMs: 5,
            logger: { info() {}, warn() {}, error() {} },
          });
          runner.start();
        }),
    );
    busyMs += performance.now() - started;
    drainCpuMs += apiThreadCpuMs() - cpuAtDrain;
    drainTrips += counting;
    counting = null;
    drainPgMs += (await postgresCpuMs(probe)) - pgAtDrain;
  }
  await probe.end();
  await clients.stop();
  await app.close();
  await database.close();
  return {
    tasksPerS: (tasks / busyMs) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    tasks,
    submitS: submitMs / 1000,
    drainS: (busyMs - submitMs) / 1000,
    trips,
    loadedTrips: { submit: submitTrips / tasks, drain: drainTrips / tasks },
    apiCpuMs: { submit: submitCpuMs / tasks, drain: drainCpuMs / tasks },
    postgresCpuMs: { submit: submitPgMs / tasks, drain: drainPgMs / tasks },
  };
}

/** The bare minimum's claim loop: 4 workers take queued rows with SKIP LOCKED until none is left. */
async function drainRaw(pool: pg.Pool): Promise<number> {
  let done = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      for (;;) {
        const { rows } = await pool.query<{ id: string }>(
          "update bench_raw_jobs set status = 'running' where id = (select id from bench_raw_jobs where status = 'queued' order by created_at for update skip locked limit 1) returning id",
        );
        if (rows.length === 0) return;
        await pool.query("update bench_raw_jobs set status = 'done' where id = $1", [rows[0]!.id]);
        done++;
      }
    }),
  );
  return done;
}

/**
 * The bare minimum on the same PostgreSQL: 100 concurrent inserts, then the claim loop. With
 * `viaHttp`, the inserts come from the same client thread as the product's, through a bare
 * Fastify route that checks a bearer token in memory and inserts the row: the floor of any
 * queue with an HTTP front on this machine.
 */
async function raw(viaHttp = false) {
  const pool = new pg.Pool({ connectionString: url, max: 30 });
  await pool.query(
    'create table if not exists bench_raw_jobs (id bigserial primary key, payload jsonb not null, status text not null, created_at timestamptz not null default now())',
  );
  const insert = (prompt: string) =>
    pool.query("insert into bench_raw_jobs (payload, status) values ($1, 'queued') returning id", [
      { prompt },
    ]);
  const tickets = Array.from({ length: CLIENTS }, (_, i) => `raw-ticket-${i}`);
  let app: ReturnType<typeof Fastify> | undefined;
  let clients: ReturnType<typeof startClients> | undefined;
  if (viaHttp) {
    const known = new Set(tickets);
    app = Fastify({ logger: false });
    app.post<{ Body: { prompt?: unknown } }>(
      '/api/gw/v3/image/txt2img/async',
      async (request, reply) => {
        const ticket = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
        if (!known.has(ticket) || typeof request.body.prompt !== 'string') {
          return reply.code(400).send({ code: 1001, result: null });
        }
        const { rows } = await insert(request.body.prompt);
        return { code: 0, result: { task_id: String(rows[0]!.id) } };
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    clients = startClients(
      `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      tickets,
    );
  }
  const latencies: number[] = [];
  let tasks = 0;
  let busyMs = 0;
  let submitMs = 0;
  const pgAtStart = await postgresCpuMs(pool);
  const cpuAtStart = apiThreadCpuMs();
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    if (clients) {
      latencies.push(...(await clients.round(round)));
    } else {
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, i) => {
          const t0 = performance.now();
          await insert(`bench ${round} ${i}`);
          latencies.push(performance.now() - t0);
        }),
      );
    }
    submitMs += performance.now() - started;
    tasks += await drainRaw(pool);
    busyMs += performance.now() - started;
  }
  const apiCpuMs = apiThreadCpuMs() - cpuAtStart;
  const pgMs = (await postgresCpuMs(pool)) - pgAtStart;
  await clients?.stop();
  await app?.close();
  await pool.query('truncate bench_raw_jobs');
  await pool.end();
  return {
    tasksPerS: (tasks / busyMs) * 1000,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    tasks,
    submitS: submitMs / 1000,
    drainS: (busyMs - submitMs) / 1000,
    /** Per task, submitting and draining together. */
    apiCpuMs: apiCpuMs / tasks,
    postgresCpuMs: pgMs / tasks,
  };
}

/** Which paths to run (second argument, comma-separated): product, empty, nsfw, raw, http. */
const only = new Set((process.argv[3] ?? 'product,empty,nsfw,raw,http').split(','));
const skipped = {
  tasksPerS: NaN,
  p50: NaN,
  p99: NaN,
  tasks: 0,
  submitS: NaN,
  drainS: NaN,
  apiCpuMs: NaN,
  postgresCpuMs: NaN,
};
const skippedProduct = {
  ...skipped,
  trips: { submit: NaN, claim: NaN, complete: NaN },
  loadedTrips: { submit: NaN, drain: NaN },
  apiCpuMs: { submit: NaN, drain: NaN },
  postgresCpuMs: { submit: NaN, drain: NaN },
};
const ours = only.has('product') ? await product(false) : skippedProduct;
const bare0 = only.has('empty') ? await product(false, false) : skippedProduct;
const moderated = only.has('nsfw') ? await product(true) : skippedProduct;
const bare = only.has('raw') ? await raw() : skipped;
const fronted = only.has('http') ? await raw(true) : skipped;
const f = (n: number) => n.toFixed(1);
console.log(
  `clients ${CLIENTS}, workers ${WORKERS}, rounds ${ROUNDS}, machine ${os.cpus().length} cores`,
);
console.log(
  '| path | tasks | tasks/s | submit p50 ms | submit p99 ms | submitting s | draining s |',
);
console.log('|---|---|---|---|---|---|---|');
console.log(
  `| product (HTTP submit + hold, claim, complete + capture) | ${ours.tasks} | ${f(ours.tasksPerS)} | ${f(ours.p50)} | ${f(ours.p99)} | ${f(ours.submitS)} | ${f(ours.drainS)} |`,
);
console.log(
  `| product, engine gives no output (task fails, hold released) | ${bare0.tasks} | ${f(bare0.tasksPerS)} | ${f(bare0.p50)} | ${f(bare0.p99)} | ${f(bare0.submitS)} | ${f(bare0.drainS)} |`,
);
console.log(
  `| product with NSFW scoring of each output | ${moderated.tasks} | ${f(moderated.tasksPerS)} | ${f(moderated.p50)} | ${f(moderated.p99)} | ${f(moderated.submitS)} | ${f(moderated.drainS)} |`,
);
console.log(
  `| raw insert + SKIP LOCKED claim | ${bare.tasks} | ${f(bare.tasksPerS)} | ${f(bare.p50)} | ${f(bare.p99)} | ${f(bare.submitS)} | ${f(bare.drainS)} |`,
);
console.log(
  `| raw behind a bare HTTP route (token check + insert), same claim loop | ${fronted.tasks} | ${f(fronted.tasksPerS)} | ${f(fronted.p50)} | ${f(fronted.p99)} | ${f(fronted.submitS)} | ${f(fronted.drainS)} |`,
);
console.log(
  `ratio (product / raw throughput): ${(ours.tasksPerS / bare.tasksPerS).toFixed(3)}; without the output: ${(bare0.tasksPerS / bare.tasksPerS).toFixed(3)}`,
);
console.log(
  `product / raw behind HTTP: ${(ours.tasksPerS / fronted.tasksPerS).toFixed(3)}; without the output: ${(bare0.tasksPerS / fronted.tasksPerS).toFixed(3)}`,
);
console.log(
  `round trips to PostgreSQL: submit ${ours.trips.submit}, claim ${ours.trips.claim}, complete ${ours.trips.complete} (raw: 1, 1, 1)`,
);
console.log(
  `round trips per task under load (100 clients, 4 workers): submitting ${ours.loadedTrips.submit.toFixed(2)}, draining ${ours.loadedTrips.drain.toFixed(2)} (raw: 1, 2)`,
);
console.log(
  `API thread CPU per task (ms): product submitting ${ours.apiCpuMs.submit.toFixed(2)}, draining ${ours.apiCpuMs.drain.toFixed(2)}; no output: submitting ${bare0.apiCpuMs.submit.toFixed(2)}, draining ${bare0.apiCpuMs.drain.toFixed(2)}`,
);
console.log(
  `PostgreSQL CPU per task (ms): product submitting ${ours.postgresCpuMs.submit.toFixed(2)}, draining ${ours.postgresCpuMs.drain.toFixed(2)}; no output: submitting ${bare0.postgresCpuMs.submit.toFixed(2)}, draining ${bare0.postgresCpuMs.drain.toFixed(2)}`,
);
console.log(
  `raw behind HTTP, per task: API thread CPU ${fronted.apiCpuMs.toFixed(2)} ms, PostgreSQL CPU ${fronted.postgresCpuMs.toFixed(2)} ms`,
);
console.log(
  `ratio with NSFW scoring: ${(moderated.tasksPerS / bare.tasksPerS).toFixed(3)}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
