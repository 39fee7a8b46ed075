/**
 * How the API answers while its embedded worker is busy: the p99 of 50 sequential
 * `GET /healthz` (and of a static file) with no task running, then while four `upscale` tasks
 * run, as a ratio. Runs against a server already started (`npm start`), given its URL:
 *
 *   node --import tsx bench/worker/run.ts http://127.0.0.1:8080 [rounds]
 */
import sharp from 'sharp';

const base = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const rounds = Number(process.argv[3] ?? 3);

type Answer = { code: number; msg: string; result: Record<string, unknown> };
async function call(path: string, ticket?: string, body?: object): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      ...(ticket ? { authorization: `Bearer ${ticket}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as Answer;
}

const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.99) - 1]!;
const p50 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;

/** 50 sequential GETs of `path`, each timed to its last byte. */
async function timeGets(path: string, n = 50): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await fetch(`${base}${path}`);
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  return times;
}

async function signUp(): Promise<string> {
  const username = `bench${Date.now().toString(36)}`;
  const registered = await call('/prod-api/user/register', undefined, {
    username,
    password: 'Bench12345',
    confirm_password: 'Bench12345',
    agree_terms: true,
  });
  if (registered.code !== 0) throw new Error(`register: ${registered.msg}`);
  const ticket = registered.result.ticket as string;
  // The Plus trial pays for upscaling.
  const trial = await call('/prod-api/trade/v1/trial/claim', ticket, {});
  if (trial.code !== 0) throw new Error(`trial: ${trial.msg}`);
  return ticket;
}

/** A 1024×768 picture with detail in it, uploaded; its key. */
async function uploadPicture(ticket: string): Promise<string> {
  const noise = Buffer.alloc(1024 * 768 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const bytes = await sharp(noise, { raw: { width: 1024, height: 768, channels: 3 } })
    .blur(1.5)
    .png()
    .toBuffer();
  const ticketAnswer = await call('/prod-api/content/uploads', ticket, {
    filename: 'bench.png',
    content_type: 'image/png',
    size: bytes.length,
  });
  if (ticketAnswer.code !== 0) throw new Error(`upload: ${ticketAnswer.msg}`);
  const { key, upload_url } = ticketAnswer.result as { key: string; upload_url: string };
  const put = await fetch(new URL(upload_url, base), {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: bytes,
  });
  if (!put.ok) throw new Error(`PUT: HTTP ${put.status}`);
  const complete = await call('/prod-api/content/uploads/complete', ticket, { key });
  if (complete.code !== 0) throw new Error(`complete: ${complete.msg}`);
  return key;
}

async function statusOf(ticket: string, id: string): Promise<string> {
  const answer = await call(`/api/gw/v3/image/upscale/async/results?task_id=${id}`, ticket);
  return String(answer.result.status);
}

const ticket = await signUp();
const key = await uploadPicture(ticket);
// Warm both paths (and the JIT) before measuring.
await timeGets('/healthz', 20);
await timeGets('/favicon.svg', 20);

console.log(
  'round | healthz p50 idle / busy ms | healthz p99 idle / busy ms | ratio | favicon p99 idle / busy ms | ratio',
);
const ratios: number[] = [];
for (let round = 1; round <= rounds; round++) {
  const idle = await timeGets('/healthz');
  const idleStatic = await timeGets('/favicon.svg');
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const submitted = await call('/api/gw/v3/image/upscale/async', ticket, {
      images: [key],
      params: { width: 2048, height: 1536 },
    });
    if (submitted.code !== 0) throw new Error(`submit: ${submitted.msg}`);
    ids.push(String(submitted.result.task_id));
  }
  // Measure from when the first of them generates.
  while ((await statusOf(ticket, ids[0]!)) === 'queued')
    await new Promise((r) => setTimeout(r, 20));
  const busy = await timeGets('/healthz');
  const busyStatic = await timeGets('/favicon.svg');
  const running = await Promise.all(ids.map((id) => statusOf(ticket, id)));
  const ratio = p99(busy) / p99(idle);
  ratios.push(ratio);
  console.log(
    `${round} | ${p50(idle).toFixed(1)} / ${p50(busy).toFixed(1)} | ${p99(idle).toFixed(1)} / ${p99(busy).toFixed(1)} | ${ratio.toFixed(2)} | ${p99(idleStatic).toFixed(1)} / ${p99(busyStatic).toFixed(1)} | ${(p99(busyStatic) / p99(idleStatic)).toFixed(2)}   (tasks then: ${running.join(', ')})`,
  );
  // Let the round's tasks finish before the next idle measurement.
  for (const id of ids) {
    while (!['done', 'failed', 'flagged', 'cancelled'].includes(await statusOf(ticket, id)))
      await new Promise((r) => setTimeout(r, 100));
  }
}
console.log(`healthz p99 busy ÷ idle: ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
