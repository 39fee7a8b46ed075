import { createHmac, randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Clock } from '../../src/lib/clock';
import { createApiCaller, type Json } from './api-caller';
import { createTestApp, type TestApp } from './test-app';
import { startTestWorker } from './worker';
import { readCharacterPhotos } from '@lumen/engines/ml/face-test-support';

/** A valid e-commerce template, as the studio's form sends one. */
export const shopTemplateBody = {
  name: 'Lantern',
  size: { length: 30, width: 20, height: 25 },
  category: 'beauty',
  ratio: '3:4',
  scene: {
    style: 'podium',
    colors: ['#fde68a', '#b45309'],
    text_color: '#1c1917',
    accent_color: '#dc2626',
    title_font: 'serif',
    body_font: 'sans',
  },
};

export const ADMIN_EMAIL = 'matrix-admin@example.com';
/** The sandbox provider's webhook secret, so a test can report a payment as the provider. */
export const PAYMENT_WEBHOOK_SECRET = 'matrix-sandbox-webhook-secret-0123456789';

/** A route as Fastify registered it, with the names of the fields its schemas accept. */
export type DiscoveredRoute = {
  method: string;
  url: string;
  fields: { params: string[]; querystring: string[]; body: string[] };
};

/** The field names of a zod object schema, through refinements, defaults and unions. */
function fieldsOf(schema: unknown): string[] {
  const s = schema as {
    shape?: Record<string, unknown>;
    options?: unknown[];
    def?: { in?: unknown; innerType?: unknown; schema?: unknown };
  } | null;
  if (!s) return [];
  if (s.shape) return Object.keys(s.shape);
  if (s.options) return [...new Set(s.options.flatMap(fieldsOf))];
  const inner = s.def?.in ?? s.def?.innerType ?? s.def?.schema;
  return inner ? fieldsOf(inner) : [];
}

/**
 * The real app, and every route it registers. Fastify announces each new instance on the
 * `fastify.initialization` diagnostics channel before any plugin runs, so an `onRoute` hook
 * added there sees the routes of every module, hidden ones included.
 */
export async function createAppListingRoutes(env: Record<string, string>, clock: Clock) {
  const routes: DiscoveredRoute[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  const listen = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      for (const method of [route.method].flat()) {
        routes.push({
          method,
          url: route.url,
          fields: {
            params: fieldsOf(schema.params),
            querystring: fieldsOf(schema.querystring),
            body: fieldsOf(schema.body),
          },
        });
      }
    });
  };
  channel.subscribe(listen);
  try {
    return { t: await createTestApp({ env, clock }), routes };
  } finally {
    channel.unsubscribe(listen);
  }
}

/**
 * Everything a refused call could have changed: every table's rows and every file the app
 * keeps (media, mail), so "nothing changed" is checked whole, not one column at a time.
 */
export async function snapshotState(t: TestApp): Promise<Record<string, string[]>> {
  const { rows: tables } = (await t.database.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  // One round trip for all tables: each as its rows in JSON.
  const query = tables
    .map(
      ({ table_name: name }) =>
        `select '${name}' as name, (select coalesce(json_agg(r), '[]'::json) from "${name}" r)::text as rows`,
    )
    .join(' union all ');
  const { rows } = (await t.database.db.execute(sql.raw(query))) as unknown as {
    rows: { name: string; rows: string }[];
  };
  const state: Record<string, string[]> = {};
  for (const table of rows) {
    state[table.name] = (JSON.parse(table.rows) as unknown[]).map((r) => JSON.stringify(r)).sort();
  }
  state['files'] = await listFiles(t.config.dataDir);
  return state;
}

/**
 * The state once nothing more happens: work an earlier allowed call set off after answering
 * (a notice mailed, a counter bumped) lands before the comparison, not inside it.
 */
export async function settledState(t: TestApp): Promise<Record<string, string[]>> {
  let last = JSON.stringify(await snapshotState(t));
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 20));
    const state = await snapshotState(t);
    const now = JSON.stringify(state);
    if (now === last) return state;
    last = now;
  }
  throw new Error('the app kept changing its data for a second: nothing to compare against');
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = await Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        // Removed between the listing and now: gone is what the next listing will say.
        const stat = await fs.stat(file).catch(() => null);
        return stat ? `${path.relative(dir, file)} ${stat.size} ${stat.mtimeMs}` : null;
      }),
  );
  return files.filter((f) => f !== null).sort();
}

export type Output = { taskId: string; idx: number; key: string };
export type World = Awaited<ReturnType<typeof buildWorld>>;
export type SkippingClock = ReturnType<typeof createSkippingClock>;
/** Past the wait between two comments of one user. */
export const COMMENT_WAIT_MS = 21_000;

/**
 * Real time, pushed forward on demand: past the wait between two comments of one user,
 * without waiting for it.
 */
export function createSkippingClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    skip: (ms: number) => {
      offset += ms;
    },
  };
}
export type Caller = ReturnType<typeof createApiCaller>;

/** Signs users in, generates, uploads and publishes through the API, as clients do. */
export function createWorldBuilder(t: TestApp) {
  const api = createApiCaller(t);
  const { call } = api;

  /** A call that must succeed; its result. */
  async function must(
    method: Parameters<Caller['call']>[0],
    url: string,
    ticket: string | undefined,
    body?: object,
  ): Promise<Json> {
    const res = await call(method, url, ticket, body);
    if (res.code !== 0) throw new Error(`${method} ${url}: ${JSON.stringify(res)}`);
    return res.result as Json;
  }

  async function waitForTask(ticket: string, taskId: string): Promise<Json> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const result = await must(
        'GET',
        `/api/gw/v3/image/txt2img/async/results?task_id=${taskId}`,
        ticket,
      );
      if (result.status === 'done') return result;
      if (['failed', 'cancelled', 'flagged'].includes(result.status as string)) {
        throw new Error(`task ${taskId} ended ${result.status}`);
      }
      if (Date.now() > deadline) throw new Error(`task ${taskId} still ${result.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Runs `runs` text-to-image tasks of `batch` images each on a test worker; their outputs. */
  async function generateOutputs(ticket: string, runs: number, batch: number, extra: Json = {}) {
    const worker = startTestWorker(t);
    try {
      const outputs: Output[] = [];
      for (let i = 0; i < runs; i++) {
        const { task_id: taskId } = await must('POST', '/api/gw/v3/image/txt2img/async', ticket, {
          prompt: `a paper lantern, take ${i}`,
          params: { batch_size: batch },
          ...extra,
        });
        const done = await waitForTask(ticket, taskId as string);
        for (const sub of done.sub_task_results as Json[]) {
          outputs.push({ taskId: taskId as string, idx: sub.index as number, key: sub.image });
        }
      }
      return outputs;
    } finally {
      await worker.stop();
    }
  }

  /** A task that stays queued: no worker runs while it is made. */
  const queueTask = async (ticket: string) =>
    (
      await must('POST', '/api/gw/v3/image/txt2img/async', ticket, {
        prompt: 'a queued lantern',
      })
    ).task_id as string;

  /** Uploads a plain blue PNG, or the JPEG given. */
  async function uploadImage(ticket: string, jpeg?: Buffer): Promise<string> {
    const bytes =
      jpeg ??
      (await sharp({
        create: { width: 320, height: 320, channels: 3, background: '#3366aa' },
      })
        .png()
        .toBuffer());
    const type = jpeg ? 'image/jpeg' : 'image/png';
    const started = await must('POST', '/prod-api/content/uploads', ticket, {
      filename: jpeg ? 'face.jpg' : 'lantern.png',
      content_type: type,
      size: bytes.length,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: started.upload_url as string,
      payload: bytes,
      headers: { 'content-type': type },
    });
    if (put.statusCode !== 200) throw new Error(`upload PUT answered ${put.statusCode}`);
    await must('POST', '/prod-api/content/uploads/complete', ticket, { key: started.key });
    return started.key as string;
  }

  async function publish(ticket: string, output: Output, title = 'Lantern'): Promise<string> {
    const result = await must('POST', '/prod-api/content/works', ticket, {
      task_id: output.taskId,
      output_index: output.idx,
      title,
    });
    return result.work_id as string;
  }

  /**
   * An order the sandbox provider reports paid with another amount than its own: held for an
   * admin to decide (status review).
   */
  async function holdOrderForReview(ticket: string, skuId: string): Promise<string> {
    const order = await must('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: skuId });
    const created = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'checkout.completed',
      created,
      data: {
        session_id: order.session_id,
        order_no: order.order_no,
        amount_fen: 1,
        currency: 'CNY',
      },
    });
    const v1 = createHmac('sha256', PAYMENT_WEBHOOK_SECRET)
      .update(`${created}.${payload}`)
      .digest('hex');
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/trade/v1/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'lumen-signature': `t=${created},v1=${v1}` },
      payload,
    });
    if (res.json<Json>().code !== 0) throw new Error(`webhook: ${res.body}`);
    const held = await must('GET', `/prod-api/trade/v1/orders/${order.order_no}`, ticket);
    if (held.status !== 'review') throw new Error(`order not held: ${JSON.stringify(held)}`);
    return order.order_no as string;
  }

  return { api, call, must, generateOutputs, queueTask, uploadImage, publish, holdOrderForReview };
}

/**
 * The owner's resources, one of each kind a route takes an id of, made through the API as
 * clients make them; an admin approves, hides and runs campaigns; another user likes and
 * reports. Each resource an allowed call uses up is made for that call alone.
 */
export async function buildWorld(app: TestApp, clock: SkippingClock) {
  const b = createWorldBuilder(app);
  const { api, must } = b;
  const admin = await api.signIn(ADMIN_EMAIL);
  const owner = await api.signIn('matrix-owner@example.com');
  const other = await api.signIn('matrix-other@example.com');
  // Enough credits, and a plan that lets several tasks wait at once.
  await must('POST', `/prod-api/admin/users/${owner.id}/credits`, admin.ticket, {
    amount: 1000,
    kind: 'gift',
    reason: 'authorization matrix',
    idempotency_key: 'matrix-owner-credits',
  });
  await must('POST', `/prod-api/admin/users/${owner.id}/plan`, admin.ticket, {
    grade: 2,
    days: 30,
  });

  const pool = await b.generateOutputs(owner.ticket, 7, 4);
  const take = (): Output => {
    const output = pool.shift();
    if (!output) throw new Error('the pool of generated outputs ran dry');
    return output;
  };
  const published = async (approve: boolean) => {
    const id = await b.publish(owner.ticket, take());
    if (approve) await must('POST', `/prod-api/admin/works/${id}/approve`, admin.ticket);
    return id;
  };
  const work = await published(true);
  const inReview = await published(false);
  const review = {
    claim: await published(false),
    approve: await published(false),
    reject: await published(false),
    hide: await published(true),
  };
  const edited = async () => {
    const id = await published(true);
    const detail = await must('PATCH', `/prod-api/content/works/${id}`, owner.ticket, {
      title: 'Lantern, retitled',
    });
    return { id, at: detail.pending_edit_at as string };
  };
  const edits = { approve: await edited(), reject: await edited() };
  const entrant = await published(true);
  const voted = await published(true);
  const judged = await published(true);

  const hour = 3_600_000;
  const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const circle = (await must('POST', '/prod-api/admin/circles', admin.ticket, { name: 'Lanterns' }))
    .circle_id as string;
  // In a circle and entered in a campaign, then hidden (below): neither may list it any more.
  const entered = take();
  const hiddenEntry = (
    await must('POST', '/prod-api/content/works', owner.ticket, {
      task_id: entered.taskId,
      output_index: entered.idx,
      title: 'Lantern entered',
      circle_ids: [circle],
    })
  ).work_id as string;
  await must('POST', `/prod-api/admin/works/${hiddenEntry}/approve`, admin.ticket);

  const campaign = async (
    judging: 'votes' | 'judges',
    entries: string[],
    phase: 'entry' | 'closed',
  ) => {
    const created = await must('POST', '/prod-api/admin/campaigns', admin.ticket, {
      title: `Lanterns by ${judging}`,
      judging,
      kind: 'any',
      entry_starts_at: at(-hour),
      entry_ends_at: at(hour),
      voting_ends_at: at(2 * hour),
    });
    const id = created.cmp_id as string;
    for (const entry of entries) {
      await must('POST', `/prod-api/content/campaign/${id}/entries`, owner.ticket, {
        work_id: entry,
      });
    }
    if (phase === 'closed') {
      // Entries close: voting (or judging) runs.
      await must('PATCH', `/prod-api/admin/campaigns/${id}`, admin.ticket, {
        entry_ends_at: at(-60_000),
      });
    }
    return id;
  };
  const upcoming = (
    await must('POST', '/prod-api/admin/campaigns', admin.ticket, {
      title: 'Lanterns to come',
      entry_starts_at: at(hour),
      entry_ends_at: at(2 * hour),
      voting_ends_at: at(3 * hour),
    })
  ).cmp_id as string;
  const campaigns = {
    upcoming,
    open: await campaign('votes', [], 'entry'),
    voting: await campaign('votes', [voted, hiddenEntry], 'closed'),
    judging: await campaign('judges', [judged], 'closed'),
  };
  await must('POST', `/prod-api/admin/works/${hiddenEntry}/hide`, admin.ticket);
  const commentAs = async (text: string) => {
    clock.skip(COMMENT_WAIT_MS);
    return (await must('POST', `/prod-api/content/works/${work}/comments`, owner.ticket, { text }))
      .comment_id as string;
  };
  const comment = await commentAs('The first lantern');
  const doomedComment = await commentAs('Soon gone');
  // An approved work with a comment, then hidden by a moderator.
  const hidden = await published(true);
  clock.skip(COMMENT_WAIT_MS);
  const hiddenComment = (
    await must('POST', `/prod-api/content/works/${hidden}/comments`, owner.ticket, {
      text: 'Before the lights went out',
    })
  ).comment_id as string;
  // Liked and kept while it showed: the lists of who liked it must not show it now.
  await must('POST', `/prod-api/content/works/${hidden}/like`, owner.ticket);
  await must('POST', `/prod-api/content/works/${hidden}/favorite`, owner.ticket);
  await must('POST', `/prod-api/admin/works/${hidden}/hide`, admin.ticket);
  // A remix of the approved work, still in review: the work's remixes must not show it.
  const [remixOutput] = await b.generateOutputs(owner.ticket, 1, 1, { remix_of: work });
  const remixInReview = (
    await must('POST', '/prod-api/content/works', owner.ticket, {
      task_id: remixOutput!.taskId,
      output_index: remixOutput!.idx,
      title: 'Lantern remixed',
      circle_ids: [circle],
      cmp_id: campaigns.open,
    })
  ).work_id as string;
  // A comment on another work, to reply to from the wrong one.
  const elsewhere = await published(true);
  clock.skip(COMMENT_WAIT_MS);
  const elsewhereComment = (
    await must('POST', `/prod-api/content/works/${elsewhere}/comments`, owner.ticket, {
      text: 'Another lantern',
    })
  ).comment_id as string;
  // Someone else's like tells the owner: a notification of theirs.
  await must('POST', `/prod-api/content/works/${work}/like`, other.ticket);
  const notices = await must('POST', '/capi/notify/queryNotifyList', owner.ticket, {
    pageNo: 1,
    pageSize: 10,
  });
  const notification = (notices.resultList as Json[])[0]!.id as string;
  const report = (
    await must('POST', '/prod-api/content/reports', other.ticket, {
      work_id: work,
      reasons: ['other'],
    })
  ).report_id as string;

  const folderItem = take();
  const folder = String(
    (
      await must('POST', '/prod-api/content/assets_folder', owner.ticket, {
        name: 'Lanterns',
        algo_type: 1,
      })
    ).id,
  );
  await must('POST', `/prod-api/content/assets_folder/${folder}/items`, owner.ticket, {
    keys: [folderItem.key],
  });

  const order = await must('POST', '/prod-api/trade/v1/orders', owner.ticket, {
    sku_id: 'credits-1000',
  });
  const heldOrder = await b.holdOrderForReview(owner.ticket, 'credits-1000');
  const invite = (await must('GET', '/prod-api/user/fission/invitations', owner.ticket))
    .invite_code as string;
  const upload = await b.uploadImage(owner.ticket);
  // The owner's character; its creation waits in the queue (no worker runs here).
  const faces: string[] = [];
  for (const photo of await readCharacterPhotos())
    faces.push(await b.uploadImage(owner.ticket, photo));
  const character = (
    await must('POST', '/prod-api/content/characters', owner.ticket, {
      name: 'Lantern keeper',
      images: faces,
    })
  ).id as number;

  // The owner's own e-commerce template (the starters are everyone's and nobody's to edit).
  const shopTemplate = (
    await must('POST', '/prod-api/content/ecommerce/templates', owner.ticket, shopTemplateBody)
  ).id as string;

  const result = take();
  const signedUrl = (
    (
      await must(
        'GET',
        `/api/gw/v3/image/txt2img/async/results?task_id=${result.taskId}`,
        owner.ticket,
      )
    ).sub_task_results as Json[]
  ).find((s) => s.index === result.idx)!.url as string;

  return {
    ...b,
    tickets: { owner: owner.ticket, other: other.ticket, admin: admin.ticket },
    ids: { owner: owner.id, other: other.id, admin: admin.id },
    take,
    work,
    inReview,
    review,
    edits,
    campaigns,
    entrant,
    judged,
    voted,
    circle,
    comment,
    doomedComment,
    hidden,
    hiddenComment,
    remixInReview,
    hiddenEntry,
    elsewhereComment,
    notification,
    report,
    folder,
    folderItem,
    order: { no: order.order_no as string, session: order.session_id as string },
    heldOrder,
    invite,
    upload,
    character,
    shopTemplate,
    result,
    signedUrl,
    toDelete: take(),
    toDeleteByKey: take(),
    toPublish: take(),
    loose: take(),
    queued: await b.queueTask(owner.ticket),
    queuedForWorker: await b.queueTask(owner.ticket),
  };
}
