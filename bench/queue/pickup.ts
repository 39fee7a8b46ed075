/**
 * Worker pickup and hand-off latency: the real runner (`apps/worker/src/runner.ts`, one slot)
 * over the HTTP worker API (`/worker/v1/*`, as a remote worker talks to the API) with a no-op
 * engine that gives one 8×8 PNG, against the product's server on a throwaway PostgreSQL.
 *
 * - **pickup**: the next task is submitted (`POST /api/gw/v3/image/txt2img/async`) the moment
 *   the engine finishes the last one, so the worker is waiting in its claim when it is queued:
 *   engine start of task n+1 − submit of task n+1.
 * - **hand-off**: the next task is submitted while the engine runs the last one, so it is
 *   queued when the engine finishes: engine end of task n → engine start of task n+1. The
 *   last task's delivery (upload, complete, storing) is on this path only where the runner
 *   waits for it.
 *
 * Tasks come from three users in turn: one user's next task may start only once their last
 * one has ended (a free plan runs one at a time), which would put the delivery on the path.
 *
 *   bash bench/queue/pickup.sh [tasks per measurement]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Engine } from '@lumen/engines/engine';
import Fastify from 'fastify';
import pg from 'pg';
import { createHttpWorkerApi } from '@lumen/worker/http-worker-api';
import { createWorkerRunner } from '@lumen/worker/runner';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/env';
import { openDatabase } from '../../apps/server/src/db/database';
import { createNoopOutput } from './noop-output';

const TASKS = Number(process.argv[2] ?? 200);
const USERS = 3;
const TOKEN = 'bench-pickup-worker-token';
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must point at a PostgreSQL server');

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-pickup-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  DATABASE_URL: url,
  DAILY_LOGIN_CREDITS: '100000',
  NSFW_CHECK: 'off',
  WORKER_TOKENS: TOKEN,
});
const database = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
await database.migrate();
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function post(p: string, body: object, ticket?: string) {
  const res = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(ticket ? { authorization: `Bearer ${ticket}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as {
    code: number;
    msg: string;
    result: { ticket: string; task_id: string };
  };
}

const tickets = await Promise.all(
  Array.from({ length: USERS }, async (_, i) => {
    const r = await post('/prod-api/user/register', {
      username: `p${i}_${process.pid}`.slice(0, 18),
      password: 'Bench1234',
      confirm_password: 'Bench1234',
      agree_terms: true,
    });
    return r.result.ticket;
  }),
);

/**
 * When each task's "queued" event came through PostgreSQL's NOTIFY, by task id: a listener of
 * the bench's own, on the channel the API nodes relay events on.
 */
const queuedSeen = new Map<string, number>();
const listener = new pg.Client({ connectionString: url });
await listener.connect();
await listener.query('listen lumen_user_events');
listener.on('notification', (message) => {
  const at = performance.now();
  const { event } = JSON.parse(message.payload ?? '{}') as {
    event?: { data?: { task_id?: string; status?: string } };
  };
  if (event?.data?.status === 'queued' && event.data.task_id)
    queuedSeen.set(event.data.task_id, at);
});

let submitted = 0;
/** Each submission's task id, by submission number. */
const taskIds: string[] = [];
/** When each submission's answer came, by submission number. */
const answered: number[] = [];
/** Submits the next task; answers when it was sent (before the answer came). */
function submitNext(): number {
  const n = submitted++;
  const at = performance.now();
  void post(
    '/api/gw/v3/image/txt2img/async',
    { prompt: `pickup ${n}`, request_id: `p-${process.pid}-${n}` },
    tickets[n % USERS],
  ).then((r) => {
    if (r.code !== 0) throw new Error(`submit ${n} refused: ${r.msg}`);
    answered[n] = performance.now();
    taskIds[n] = r.result.task_id;
  });
  return at;
}

const output = await createNoopOutput();

/**
 * Runs `tasks` tasks through one runner slot. `early`: the next task is submitted when the
 * engine starts the last one (it is queued when the engine ends); otherwise when it ends.
 */
async function measure(tasks: number, early: boolean) {
  const first = submitted;
  const submits: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  /** When the worker had each claim's answer, by task id. */
  const claimedAt = new Map<string, number>();
  let finished: () => void;
  const all = new Promise<void>((resolve) => (finished = resolve));
  const engine: Engine = {
    name: 'local',
    supports: () => true,
    async run() {
      starts.push(performance.now());
      if (early && starts.length < tasks) submits.push(submitNext());
      // Long enough for the early submission to be queued before the engine ends.
      if (early) await new Promise((resolve) => setTimeout(resolve, 30));
      ends.push(performance.now());
      if (!early && starts.length < tasks) submits.push(submitNext());
      return [output];
    },
  };
  const api = createHttpWorkerApi({ serverUrl: base, token: TOKEN });
  let completed = 0;
  const runner = createWorkerRunner({
    api: {
      ...api,
      async claim(caps, options) {
        const task = await api.claim(caps, options);
        if (task) claimedAt.set(task.id, performance.now());
        return task;
      },
      async complete(taskId, workerId, outputs) {
        const ok = await api.complete(taskId, workerId, outputs);
        if (++completed === tasks) finished();
        return ok;
      },
    },
    engines: [engine],
    workerId: `pickup-${early ? 'handoff' : 'pickup'}`,
    concurrency: 1,
    claimWaitMs: 10_000,
    idleMs: 5,
    logger: { info() {}, warn() {}, error() {} },
  });
  runner.start();
  submits.push(submitNext());
  await all;
  await runner.stop();
  const pickup: number[] = [];
  const submit: number[] = [];
  const handoff: number[] = [];
  const notified: number[] = [];
  const woken: number[] = [];
  const started: number[] = [];
  for (let i = 1; i < tasks; i++) {
    pickup.push(starts[i]! - submits[i]!);
    submit.push(answered[first + i]! - submits[i]!);
    handoff.push(starts[i]! - ends[i - 1]!);
    const id = taskIds[first + i]!;
    const seen = queuedSeen.get(id) ?? NaN;
    const claimed = claimedAt.get(id) ?? NaN;
    notified.push(seen - submits[i]!);
    woken.push(claimed - seen);
    started.push(starts[i]! - claimed);
  }
  // The first tasks warm every path up.
  const warm = Math.min(10, Math.floor(tasks / 10));
  return {
    pickup: pickup.slice(warm),
    submit: submit.slice(warm),
    handoff: handoff.slice(warm),
    notified: notified.slice(warm),
    woken: woken.slice(warm),
    started: started.slice(warm),
  };
}

/**
 * The floor under the same load, measured between the two runs: a bare `select 1` round trip
 * to the same PostgreSQL, and a bare HTTP route (no database) answering in this process.
 */
async function reference(samples: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const bare = Fastify({ logger: false });
  bare.post('/bare', async () => ({ code: 0 }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;
  const select1: number[] = [];
  const http: number[] = [];
  for (let i = 0; i < samples; i++) {
    let t0 = performance.now();
    await client.query('select 1');
    select1.push(performance.now() - t0);
    t0 = performance.now();
    await (await fetch(bareUrl, { method: 'POST', body: '{}' })).json();
    http.push(performance.now() - t0);
    // Spaced like the tasks, so the machine's load hits both alike.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await client.end();
  await bare.close();
  const warm = Math.min(10, Math.floor(samples / 10));
  return { select1: select1.slice(warm), http: http.slice(warm) };
}

const show = (name: string, ms: number[]) =>
  console.log(
    `| ${name} | ${ms.length} | ${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 90).toFixed(1)} | ${percentile(ms, 99).toFixed(1)} | ${Math.max(...ms).toFixed(1)} |`,
  );
const pickup = await measure(TASKS, false);
const floor = await reference(TASKS);
const handoff = await measure(TASKS, true);
await listener.end();
await app.close();
await database.close();
await fs.rm(dataDir, { recursive: true, force: true });
console.log(`one runner slot over the HTTP worker API, ${os.cpus().length} cores`);
console.log('| latency | tasks | p50 ms | p90 ms | p99 ms | max ms |');
console.log('|---|---|---|---|---|---|');
show('pickup: submit of task n+1 → its engine start (queue empty)', pickup.pickup);
show('… of which the submit, until its answer came', pickup.submit);
show('… submit sent → its "queued" NOTIFY heard', pickup.notified);
show('… NOTIFY heard → the worker has the claim’s answer', pickup.woken);
show('… claim’s answer → engine start', pickup.started);
show('reference: `select 1` round trip, same load', floor.select1);
show('reference: bare HTTP POST round trip, same load', floor.http);
show('hand-off: engine end of task n → engine start of task n+1 (already queued)', handoff.handoff);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
