import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from './support/api-caller';
import {
  ADMIN_EMAIL,
  PAYMENT_WEBHOOK_SECRET,
  createAppListingRoutes,
  createSkippingClock,
  buildWorld,
  shopTemplateBody,
  COMMENT_WAIT_MS,
  settledState,
  type DiscoveredRoute,
  type World,
} from './support/authorization-world';
import type { TestApp } from './support/test-app';

/**
 * The authorization matrix: every route that takes an id (in its path, query or body), called
 * by a visitor, another user, the resource's owner and an admin, against real resources made
 * through the API. A refused call must change nothing at all: every table and every stored
 * file is compared before and after it.
 */

type Role = 'visitor' | 'other' | 'owner' | 'admin';
const roles: readonly Role[] = ['visitor', 'other', 'owner', 'admin'];

/**
 * An envelope code (0: allowed); 'noop': answered 0 but ids that are not the caller's are
 * skipped, so nothing changes; `{ status }`: routes outside the envelope (files, share pages).
 */
type Outcome = number | 'noop' | { status: number };
type Cells = Record<Role, Outcome>;

/** Fresh resources for one cell, where an allowed call would use up a shared one. */
type Made = { ids: Record<string, string>; ownerTicket?: string };
type Request = {
  url: string;
  body?: object;
  raw?: { payload: Buffer; contentType: string };
};
type Case = {
  /** What the id names, and the rule. */
  name: string;
  cells: Cells;
  /** Called before each cell, with the role about to call. */
  prepare?: (role: Role) => Promise<Made>;
  request: (made: Made) => Request;
};

const WORKER_TOKEN = 'matrix-worker-token-0123456789';
/** The resource's owner; an admin acting on someone else's own things is just another user. */
const owned = (refusal: number): Cells => ({
  visitor: 3015,
  other: refusal,
  owner: 0,
  admin: refusal,
});
const adminOnly: Cells = { visitor: 3015, other: 1003, owner: 1003, admin: 0 };
const signedIn: Cells = { visitor: 3015, other: 0, owner: 0, admin: 0 };
const everyone: Cells = { visitor: 0, other: 0, owner: 0, admin: 0 };
/** Refused to everyone signed in, with this code. */
const signedInRefused = (code: number): Cells => ({
  visitor: 3015,
  other: code,
  owner: code,
  admin: code,
});
const ownerOrAdmin: Cells = { visitor: 1004, other: 1004, owner: 0, admin: 0 };
const all = (outcome: Outcome): Cells => ({
  visitor: outcome,
  other: outcome,
  owner: outcome,
  admin: outcome,
});
/** The worker API takes only a worker token; no user's ticket, an admin's included. */
const workerOnly = all(1003);

const clock = createSkippingClock();
let t: TestApp;
let discovered: DiscoveredRoute[];
let w: World;

/** A fresh user as the target of an admin action; "owner" is that user acting on themselves. */
async function freshUser(): Promise<Made> {
  const user = await w.api.signIn(`matrix-target-${randomUUID().slice(0, 8)}@example.com`);
  // The day's first signed-in call grants the daily credits: not part of what is checked.
  await w.must('GET', '/prod-api/user/info', user.ticket);
  return { ids: { user: String(user.id) }, ownerTicket: user.ticket };
}
/**
 * Tasks an allowed submission queued are cancelled first (no worker runs here): each plan
 * lets only so many wait. The fixtures' own queued tasks stay.
 */
async function clearQueues(role: Role): Promise<Made> {
  if (role === 'visitor') return { ids: {} };
  const ticket = w.tickets[role];
  const { data } = await w.must('GET', '/prod-api/content/tasks?page_size=50', ticket);
  for (const task of data as Json[]) {
    if (task.status !== 'queued' || [w.queued, w.queuedForWorker].includes(task.task_id)) continue;
    await w.must('POST', `/prod-api/content/tasks/${task.task_id}/cancel`, ticket);
  }
  return { ids: {} };
}
const workerBody = { worker_id: 'matrix-worker' };
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The table: a row per route that takes an id, each with one case or more. The route list
 * below is compared with what the app registers, both ways.
 */
const matrix: Record<string, Case[]> = {
  // ── Media ──
  'GET /media/*': [
    {
      name: "a result's key: only avatars are served here",
      cells: all({ status: 404 }),
      request: () => ({ url: `/media/${w.result.key}` }),
    },
  ],
  'GET /files/*': [
    {
      name: "a result's key with a made-up signature",
      cells: all({ status: 403 }),
      request: () => ({ url: `/files/${w.result.key}?exp=9999999999&sig=${'0'.repeat(64)}` }),
    },
    {
      name: 'the signed address its owner was handed: the signature is the permission',
      cells: all({ status: 200 }),
      request: () => ({ url: w.signedUrl }),
    },
  ],
  'PUT /files/upload/*': [
    {
      name: "an upload's key with a made-up signature",
      cells: all({ status: 403 }),
      request: () => ({
        url: `/files/upload/${w.upload}?exp=9999999999&max=100&sig=${'0'.repeat(64)}`,
        raw: { payload: pngBytes, contentType: 'image/png' },
      }),
    },
  ],
  'POST /prod-api/content/uploads/complete': [
    {
      name: "an upload's key",
      cells: owned(1004),
      request: () => ({ url: '/prod-api/content/uploads/complete', body: { key: w.upload } }),
    },
  ],
  'GET /api/gw/v2/downloads/media': [
    {
      name: "a result's key",
      cells: owned(1004),
      request: () => ({ url: `/api/gw/v2/downloads/media?type=image&key=${w.result.key}` }),
    },
  ],

  // ── Library folders ──
  'PATCH /prod-api/content/assets_folder/:id': [
    {
      name: 'a folder',
      cells: owned(1004),
      request: () => ({
        url: `/prod-api/content/assets_folder/${w.folder}`,
        body: { name: 'Renamed lanterns' },
      }),
    },
  ],
  'DELETE /prod-api/content/assets_folder/:id': [
    {
      name: 'a folder',
      cells: owned(1004),
      prepare: async () => {
        const folder = await w.must('POST', '/prod-api/content/assets_folder', w.tickets.owner, {
          name: `Doomed ${randomUUID().slice(0, 8)}`,
          algo_type: 1,
        });
        return { ids: { folder: String(folder.id) } };
      },
      request: ({ ids }) => ({ url: `/prod-api/content/assets_folder/${ids.folder}` }),
    },
  ],
  'GET /prod-api/content/assets_folder/:id/items': [
    {
      name: 'a folder',
      cells: owned(1004),
      request: () => ({ url: `/prod-api/content/assets_folder/${w.folder}/items` }),
    },
  ],
  'POST /prod-api/content/assets_folder/:id/items': [
    {
      name: "a folder, and the owner's results",
      cells: owned(1004),
      request: () => ({
        url: `/prod-api/content/assets_folder/${w.folder}/items`,
        body: { keys: [w.folderItem.key] },
      }),
    },
    {
      name: "the caller's own folder, and the owner's results",
      cells: owned(1004),
      prepare: async (role) => {
        if (role === 'visitor') return { ids: { folder: w.folder } };
        const folder = await w.must('POST', '/prod-api/content/assets_folder', w.tickets[role], {
          name: `Borrowed ${randomUUID().slice(0, 8)}`,
          algo_type: 1,
        });
        return { ids: { folder: String(folder.id) } };
      },
      request: ({ ids }) => ({
        url: `/prod-api/content/assets_folder/${ids.folder}/items`,
        body: { keys: [w.loose.key] },
      }),
    },
  ],
  'DELETE /prod-api/content/assets_folder/:id/items': [
    {
      name: "a folder, and the owner's results in it",
      cells: owned(1004),
      request: () => ({
        url: `/prod-api/content/assets_folder/${w.folder}/items`,
        body: { keys: [w.folderItem.key] },
      }),
    },
  ],

  // ── Generation ──
  'GET /api/gw/v3/:media/:module/async/results': [
    {
      name: 'a task',
      cells: owned(1004),
      request: () => ({
        url: `/api/gw/v3/image/txt2img/async/results?task_id=${w.result.taskId}`,
      }),
    },
  ],
  'POST /prod-api/content/tasks/:id/cancel': [
    {
      name: 'a queued task',
      cells: owned(1004),
      request: () => ({ url: `/prod-api/content/tasks/${w.queued}/cancel` }),
    },
  ],
  'POST /api/gw/v2/:media/:module/async': [
    {
      name: "an upload as the input image on v2: no one uses another's uploads",
      cells: owned(1001),
      prepare: clearQueues,
      request: () => ({
        url: '/api/gw/v2/image/img2img/async',
        body: { prompt: 'a brighter lantern', images: [w.upload] },
      }),
    },
  ],
  'POST /api/gw/v3/:media/:module/async': [
    {
      name: "an upload as the input image: no one uses another's uploads",
      cells: owned(1001),
      prepare: clearQueues,
      request: () => ({
        url: '/api/gw/v3/image/img2img/async',
        body: { prompt: 'a brighter lantern', images: [w.upload] },
      }),
    },
    {
      name: "a result as the input image: no one uses another's results",
      cells: owned(1001),
      prepare: clearQueues,
      request: () => ({
        url: '/api/gw/v3/image/img2img/async',
        body: { prompt: 'a lantern again', images: [w.loose.key] },
      }),
    },
    {
      name: "a character: no one uses another's characters (the owner's is not ready yet)",
      cells: { visitor: 3015, other: 1004, owner: 1001, admin: 1004 },
      // The owner's character is read first, so its state is settled before the refused call.
      prepare: async (role) => {
        const made = await clearQueues(role);
        if (role === 'owner') {
          await w.must('GET', `/prod-api/content/characters/${w.character}`, w.tickets.owner);
        }
        return made;
      },
      request: () => ({
        url: '/api/gw/v3/image/character_image/async',
        body: { prompt: 'a lantern keeper', params: { character_id: w.character } },
      }),
    },
    {
      name: 'an approved work as the remix source',
      cells: signedIn,
      prepare: clearQueues,
      request: () => ({
        url: '/api/gw/v3/image/txt2img/async',
        body: { prompt: 'a lantern, my way', remix_of: w.work },
      }),
    },
    {
      name: 'a hidden work as the remix source',
      cells: owned(1004),
      prepare: clearQueues,
      request: () => ({
        url: '/api/gw/v3/image/txt2img/async',
        body: { prompt: 'a lantern in the dark', remix_of: w.hidden },
      }),
    },
    {
      name: 'a work still in review as the remix source',
      cells: owned(1004),
      prepare: clearQueues,
      request: () => ({
        url: '/api/gw/v3/image/txt2img/async',
        body: { prompt: 'a lantern remixed', remix_of: w.inReview },
      }),
    },
  ],

  // ── Characters ──
  'GET /prod-api/content/characters/:id': [
    {
      name: 'a character',
      cells: owned(1004),
      request: () => ({ url: `/prod-api/content/characters/${w.character}` }),
    },
  ],
  'POST /prod-api/content/characters/:id/retry': [
    {
      name: 'a character whose creation failed',
      cells: owned(1004),
      // The owner's creation is made to fail (cancelled) first, so the retry is allowed.
      prepare: async (role) => {
        if (role === 'owner') {
          const character = await w.must(
            'GET',
            `/prod-api/content/characters/${w.character}`,
            w.tickets.owner,
          );
          await w.call(
            'POST',
            `/prod-api/content/tasks/${character.task_id}/cancel`,
            w.tickets.owner,
          );
        }
        return { ids: {} };
      },
      request: () => ({ url: `/prod-api/content/characters/${w.character}/retry` }),
    },
  ],
  // ── E-commerce templates, and the checks a studio makes on one of my pictures ──
  'PUT /prod-api/content/ecommerce/templates/:id': [
    {
      name: 'an e-commerce template',
      cells: owned(1004),
      request: () => ({
        url: `/prod-api/content/ecommerce/templates/${w.shopTemplate}`,
        body: shopTemplateBody,
      }),
    },
  ],
  'DELETE /prod-api/content/ecommerce/templates/:id': [
    {
      name: 'an e-commerce template',
      cells: owned(1004),
      request: () => ({ url: `/prod-api/content/ecommerce/templates/${w.shopTemplate}` }),
    },
  ],
  'POST /prod-api/content/face-check': [
    {
      name: 'a picture, checked for a face',
      // Someone else's picture reads as a missing file, as any tool input does.
      cells: owned(1001),
      request: () => ({ url: '/prod-api/content/face-check', body: { key: w.upload } }),
    },
  ],
  'POST /prod-api/content/ocr': [
    {
      name: 'a picture, read for its text',
      // Someone else's picture reads as a missing file, as any tool input does.
      cells: owned(1001),
      request: () => ({ url: '/prod-api/content/ocr', body: { key: w.upload } }),
    },
  ],
  'DELETE /prod-api/content/characters/:id': [
    {
      name: 'a character',
      cells: owned(1004),
      request: () => ({ url: `/prod-api/content/characters/${w.character}` }),
    },
  ],
  'DELETE /prod-api/content/tasks/:id/outputs/:index': [
    {
      name: "a task's result",
      cells: owned(1004),
      request: () => ({
        url: `/prod-api/content/tasks/${w.toDelete.taskId}/outputs/${w.toDelete.idx}`,
      }),
    },
  ],
  'POST /prod-api/content/tasks/outputs/delete': [
    {
      name: "results' keys: keys not the caller's are skipped",
      cells: { visitor: 3015, other: 'noop', owner: 0, admin: 'noop' },
      request: () => ({
        url: '/prod-api/content/tasks/outputs/delete',
        body: { keys: [w.toDeleteByKey.key] },
      }),
    },
  ],

  // ── Worker API ──
  'POST /worker/v1/claim': [
    {
      name: 'a worker id: claims a queued task',
      cells: workerOnly,
      request: () => ({ url: '/worker/v1/claim', body: { ...workerBody, engines: ['local'] } }),
    },
  ],
  ...Object.fromEntries(
    (
      [
        ['heartbeat', {}],
        ['progress', { progress: 50 }],
        ['outputs', { files: [{ kind: 'image', mime: 'image/png', size: 100 }] }],
        ['complete', { outputs: [] }],
        ['fail', { message: 'refused' }],
        ['release', {}],
        ['preview', { mime: 'image/png', data: Buffer.from('preview').toString('base64') }],
      ] as const
    ).map(([action, extra]) => [
      `POST /worker/v1/tasks/:id/${action}`,
      [
        {
          name: 'a queued task',
          cells: workerOnly,
          request: () => ({
            url: `/worker/v1/tasks/${w.queuedForWorker}/${action}`,
            body: { ...workerBody, ...extra },
          }),
        },
      ],
    ]),
  ),

  // ── Admin ──
  'POST /prod-api/admin/users/:id/credits': [
    {
      name: 'a user',
      cells: adminOnly,
      prepare: freshUser,
      request: ({ ids }) => ({
        url: `/prod-api/admin/users/${ids.user}/credits`,
        body: {
          amount: 50,
          kind: 'gift',
          reason: 'matrix',
          idempotency_key: `matrix-${randomUUID()}`,
        },
      }),
    },
  ],
  'POST /prod-api/admin/users/:id/plan': [
    {
      name: 'a user',
      cells: adminOnly,
      prepare: freshUser,
      request: ({ ids }) => ({
        url: `/prod-api/admin/users/${ids.user}/plan`,
        body: { grade: 4, days: 365 },
      }),
    },
  ],
  'PUT /prod-api/admin/users/:id/partner': [
    {
      name: 'a user',
      cells: adminOnly,
      prepare: freshUser,
      request: ({ ids }) => ({
        url: `/prod-api/admin/users/${ids.user}/partner`,
        body: { partner: true },
      }),
    },
  ],
  'GET /prod-api/admin/users/:id': [
    {
      name: 'a user',
      cells: adminOnly,
      prepare: freshUser,
      request: ({ ids }) => ({ url: `/prod-api/admin/users/${ids.user}` }),
    },
  ],
  'POST /prod-api/admin/users/:id/roles': [
    {
      name: 'a user',
      cells: adminOnly,
      prepare: freshUser,
      request: ({ ids }) => ({
        url: `/prod-api/admin/users/${ids.user}/roles`,
        body: { whitelist: true },
      }),
    },
  ],
  'POST /prod-api/admin/users/:id/ban': [
    {
      name: 'a user',
      cells: adminOnly,
      prepare: freshUser,
      request: ({ ids }) => ({
        url: `/prod-api/admin/users/${ids.user}/ban`,
        body: { reason: 'matrix' },
      }),
    },
  ],
  'PUT /prod-api/admin/algo_config/:task_type': [
    {
      name: 'a task type',
      cells: adminOnly,
      request: () => ({
        url: '/prod-api/admin/algo_config/text_to_3d',
        body: { engine: 'comfyui' },
      }),
    },
  ],
  'PUT /prod-api/admin/engines/:engine': [
    {
      name: 'an engine connection',
      cells: adminOnly,
      request: () => ({
        url: '/prod-api/admin/engines/fal',
        body: { key: 'matrix-fal-key-0123456789' },
      }),
    },
  ],
  'DELETE /prod-api/admin/engines/:engine': [
    {
      name: 'an engine connection',
      cells: adminOnly,
      request: () => ({ url: '/prod-api/admin/engines/comfyui' }),
    },
  ],
  'POST /prod-api/admin/engines/:engine/test': [
    {
      name: 'an engine connection',
      cells: adminOnly,
      request: () => ({ url: '/prod-api/admin/engines/replicate/test' }),
    },
  ],
  'PUT /prod-api/admin/engines/routes/:task_type': [
    {
      name: 'a task type',
      cells: adminOnly,
      request: () => ({
        url: '/prod-api/admin/engines/routes/text_to_3d',
        body: { engine: 'local', model: 'matrix-model' },
      }),
    },
  ],
  'POST /prod-api/admin/engines/routes/:task_type/try': [
    {
      name: 'a task type',
      cells: adminOnly,
      request: () => ({ url: '/prod-api/admin/engines/routes/text_to_3d/try' }),
    },
  ],
  'DELETE /prod-api/admin/moderation/terms/:id': [
    {
      name: 'a blocklisted term',
      cells: adminOnly,
      prepare: async () => {
        const term = `matrix${randomUUID().slice(0, 8)}`;
        const { data } = await w.must('POST', '/prod-api/admin/moderation/terms', w.tickets.admin, {
          term,
        });
        return { ids: { term: String((data as Json[]).find((d) => d.term === term)!.id) } };
      },
      request: ({ ids }) => ({ url: `/prod-api/admin/moderation/terms/${ids.term}` }),
    },
  ],
  'PATCH /prod-api/admin/circles/:id': [
    {
      name: 'a circle',
      cells: adminOnly,
      request: () => ({
        url: `/prod-api/admin/circles/${w.circle}`,
        body: { description: 'Paper and light' },
      }),
    },
  ],
  'DELETE /prod-api/admin/circles/:id': [
    {
      name: 'a circle',
      cells: adminOnly,
      prepare: async () => {
        const circle = await w.must('POST', '/prod-api/admin/circles', w.tickets.admin, {
          name: 'Short-lived',
        });
        return { ids: { circle: circle.circle_id as string } };
      },
      request: ({ ids }) => ({ url: `/prod-api/admin/circles/${ids.circle}` }),
    },
  ],
  'PATCH /prod-api/admin/campaigns/:id': [
    {
      name: 'a campaign',
      cells: adminOnly,
      request: () => ({
        url: `/prod-api/admin/campaigns/${w.campaigns.open}`,
        body: { description: 'Bring your brightest lantern' },
      }),
    },
  ],
  'POST /prod-api/admin/campaigns/:id/results': [
    {
      name: 'a campaign judged by judges, and its entries',
      cells: adminOnly,
      request: () => ({
        url: `/prod-api/admin/campaigns/${w.campaigns.judging}/results`,
        body: { ranking: [w.judged] },
      }),
    },
  ],
  'POST /prod-api/admin/works/:id/review': [
    {
      name: 'a submitted work',
      cells: adminOnly,
      request: () => ({ url: `/prod-api/admin/works/${w.review.claim}/review` }),
    },
  ],
  'POST /prod-api/admin/works/:id/approve': [
    {
      name: 'a submitted work',
      cells: adminOnly,
      request: () => ({ url: `/prod-api/admin/works/${w.review.approve}/approve` }),
    },
  ],
  'POST /prod-api/admin/works/:id/reject': [
    {
      name: 'a submitted work',
      cells: adminOnly,
      request: () => ({
        url: `/prod-api/admin/works/${w.review.reject}/reject`,
        body: { reason: 'Too dim' },
      }),
    },
  ],
  'POST /prod-api/admin/works/:id/hide': [
    {
      name: 'an approved work',
      cells: adminOnly,
      request: () => ({ url: `/prod-api/admin/works/${w.review.hide}/hide` }),
    },
  ],
  'POST /prod-api/admin/works/:id/edit/approve': [
    {
      name: "an approved work's edit in review",
      cells: adminOnly,
      request: () => ({
        url: `/prod-api/admin/works/${w.edits.approve.id}/edit/approve`,
        body: { edited_at: w.edits.approve.at },
      }),
    },
  ],
  'POST /prod-api/admin/works/:id/edit/reject': [
    {
      name: "an approved work's edit in review",
      cells: adminOnly,
      request: () => ({
        url: `/prod-api/admin/works/${w.edits.reject.id}/edit/reject`,
        body: { edited_at: w.edits.reject.at, reason: 'Keep the old title' },
      }),
    },
  ],
  'POST /prod-api/admin/reports/:id/resolve': [
    {
      name: "a report on the owner's work",
      cells: adminOnly,
      request: () => ({
        url: `/prod-api/admin/reports/${w.report}/resolve`,
        body: { action: 'dismiss' },
      }),
    },
  ],
  'POST /prod-api/admin/orders/:order_no/resolve': [
    {
      name: 'an order held for review: its buyer does not decide it',
      cells: adminOnly,
      request: () => ({
        url: `/prod-api/admin/orders/${w.heldOrder}/resolve`,
        body: { action: 'accept' },
      }),
    },
  ],
  'PUT /prod-api/admin/skus/:sku_id': [
    {
      name: 'a SKU',
      cells: adminOnly,
      request: () => ({
        url: '/prod-api/admin/skus/credits-1000',
        body: { desc: 'A thousand lanterns' },
      }),
    },
  ],

  // ── Community: works ──
  'POST /prod-api/content/works': [
    {
      name: "a task's result to publish",
      cells: owned(1003),
      request: () => ({
        url: '/prod-api/content/works',
        body: { task_id: w.toPublish.taskId, output_index: w.toPublish.idx, title: 'Mine' },
      }),
    },
  ],
  'GET /prod-api/content/works/explore': [
    {
      name: 'no filter: approved works only',
      cells: everyone,
      request: () => ({ url: '/prod-api/content/works/explore?sort=new&limit=50' }),
    },
    {
      name: 'a circle and a campaign to filter by',
      cells: everyone,
      request: () => ({
        url: `/prod-api/content/works/explore?circle_id=${w.circle}&cmp_id=${w.campaigns.open}`,
      }),
    },
  ],
  'GET /prod-api/content/works/:id': [
    {
      name: 'an approved work',
      cells: everyone,
      request: () => ({ url: `/prod-api/content/works/${w.work}` }),
    },
    {
      name: 'a work in review',
      cells: ownerOrAdmin,
      request: () => ({ url: `/prod-api/content/works/${w.inReview}` }),
    },
    {
      name: 'a hidden work',
      cells: ownerOrAdmin,
      request: () => ({ url: `/prod-api/content/works/${w.hidden}` }),
    },
  ],
  'PATCH /prod-api/content/works/:id': [
    {
      name: 'a work',
      cells: owned(1004),
      request: () => ({
        url: `/prod-api/content/works/${w.work}`,
        body: { description: 'Edited by its author' },
      }),
    },
  ],
  'DELETE /prod-api/content/works/:id': [
    {
      name: 'a work',
      cells: owned(1004),
      prepare: async () => ({ ids: { work: await w.publish(w.tickets.owner, w.take()) } }),
      request: ({ ids }) => ({ url: `/prod-api/content/works/${ids.work}` }),
    },
  ],
  ...Object.fromEntries(
    ['POST', 'DELETE'].flatMap((method) =>
      ['like', 'favorite'].map((action) => [
        `${method} /prod-api/content/works/:id/${action}`,
        [
          {
            name: 'an approved work',
            cells: signedIn,
            request: () => ({ url: `/prod-api/content/works/${w.work}/${action}` }),
          },
          {
            name: 'a work in review: liked or kept once approved, by anyone',
            cells: signedInRefused(1004),
            request: () => ({ url: `/prod-api/content/works/${w.inReview}/${action}` }),
          },
          {
            name: 'a hidden work',
            cells: signedInRefused(1004),
            request: () => ({ url: `/prod-api/content/works/${w.hidden}/${action}` }),
          },
        ],
      ]),
    ),
  ),

  // ── Community: people ──
  ...Object.fromEntries(
    ['', '/works', '/likes', '/followers', '/following', '/friends'].map((tail) => [
      `GET /prod-api/content/users/:user_id${tail}`,
      [
        {
          name: 'a person',
          cells: everyone,
          request: () => ({ url: `/prod-api/content/users/${w.ids.owner}${tail}` }),
        },
      ],
    ]),
  ),
  ...Object.fromEntries(
    ['POST', 'DELETE'].map((method) => [
      `${method} /prod-api/content/users/:user_id/follow`,
      [
        {
          name: 'a person: no one follows themselves',
          cells: { visitor: 3015, other: 0, owner: 1001, admin: 0 },
          request: () => ({ url: `/prod-api/content/users/${w.ids.owner}/follow` }),
        },
      ],
    ]),
  ),

  // ── Community: comments ──
  'GET /prod-api/content/works/:id/comments': [
    {
      name: 'an approved work',
      cells: everyone,
      request: () => ({ url: `/prod-api/content/works/${w.work}/comments` }),
    },
    {
      name: 'a work in review',
      cells: ownerOrAdmin,
      request: () => ({ url: `/prod-api/content/works/${w.inReview}/comments` }),
    },
    {
      name: 'a hidden work',
      cells: ownerOrAdmin,
      request: () => ({ url: `/prod-api/content/works/${w.hidden}/comments` }),
    },
  ],
  'POST /prod-api/content/works/:id/comments': [
    {
      name: 'an approved work, and a comment to reply to',
      cells: signedIn,
      prepare: async () => {
        clock.skip(COMMENT_WAIT_MS);
        return { ids: {} };
      },
      request: () => ({
        url: `/prod-api/content/works/${w.work}/comments`,
        body: { text: 'Lovely glow', parent_id: w.comment },
      }),
    },
    {
      name: 'a work in review: comments open once approved',
      cells: signedInRefused(1004),
      request: () => ({
        url: `/prod-api/content/works/${w.inReview}/comments`,
        body: { text: 'Early look' },
      }),
    },
    {
      name: 'a hidden work',
      cells: signedInRefused(1004),
      request: () => ({
        url: `/prod-api/content/works/${w.hidden}/comments`,
        body: { text: 'Still here?' },
      }),
    },
    {
      name: 'an approved work, and a comment on another work as the parent',
      cells: signedInRefused(1004),
      prepare: async () => {
        clock.skip(COMMENT_WAIT_MS);
        return { ids: {} };
      },
      request: () => ({
        url: `/prod-api/content/works/${w.work}/comments`,
        body: { text: 'Wrong thread', parent_id: w.elsewhereComment },
      }),
    },
  ],
  'GET /prod-api/content/comments/:id/replies': [
    {
      name: 'a comment on an approved work',
      cells: everyone,
      request: () => ({ url: `/prod-api/content/comments/${w.comment}/replies` }),
    },
    {
      name: 'a comment on a hidden work',
      cells: ownerOrAdmin,
      request: () => ({ url: `/prod-api/content/comments/${w.hiddenComment}/replies` }),
    },
  ],
  'DELETE /prod-api/content/comments/:id': [
    {
      name: 'a comment: its author (here also the work owner) deletes it',
      cells: owned(1003),
      request: () => ({ url: `/prod-api/content/comments/${w.doomedComment}` }),
    },
  ],
  ...Object.fromEntries(
    ['POST', 'DELETE'].map((method) => [
      `${method} /prod-api/content/comments/:id/like`,
      [
        {
          name: 'a comment on an approved work',
          cells: signedIn,
          request: () => ({ url: `/prod-api/content/comments/${w.comment}/like` }),
        },
        {
          name: 'a comment on a hidden work: for those who can see it',
          cells: { visitor: 3015, other: 1004, owner: 0, admin: 0 },
          request: () => ({ url: `/prod-api/content/comments/${w.hiddenComment}/like` }),
        },
      ],
    ]),
  ),

  // ── Community: circles and campaigns ──
  'GET /prod-api/content/circles/:id': [
    {
      name: 'a circle',
      cells: everyone,
      request: () => ({ url: `/prod-api/content/circles/${w.circle}` }),
    },
  ],
  ...Object.fromEntries(
    ['POST', 'DELETE'].map((method) => [
      `${method} /prod-api/content/circles/:id/join`,
      [
        {
          name: 'a circle',
          cells: signedIn,
          request: () => ({ url: `/prod-api/content/circles/${w.circle}/join` }),
        },
      ],
    ]),
  ),
  'GET /prod-api/content/campaign/:cmp_id': [
    {
      name: 'a campaign',
      cells: everyone,
      request: () => ({ url: `/prod-api/content/campaign/${w.campaigns.open}` }),
    },
    {
      name: 'a campaign not yet started: admins see it in their own list',
      cells: all(1004),
      request: () => ({ url: `/prod-api/content/campaign/${w.campaigns.upcoming}` }),
    },
  ],
  'GET /prod-api/content/campaign/:cmp_id/entries': [
    {
      name: 'a campaign, one of its entries since hidden',
      cells: everyone,
      request: () => ({ url: `/prod-api/content/campaign/${w.campaigns.voting}/entries` }),
    },
    {
      name: 'a campaign not yet started',
      cells: all(1004),
      request: () => ({ url: `/prod-api/content/campaign/${w.campaigns.upcoming}/entries` }),
    },
  ],
  'POST /prod-api/content/campaign/:cmp_id/entries': [
    {
      name: 'a campaign not yet started',
      cells: signedInRefused(1004),
      request: () => ({
        url: `/prod-api/content/campaign/${w.campaigns.upcoming}/entries`,
        body: { work_id: w.entrant },
      }),
    },
    {
      name: 'a campaign taking entries, and a work to enter',
      cells: owned(1004),
      request: () => ({
        url: `/prod-api/content/campaign/${w.campaigns.open}/entries`,
        body: { work_id: w.entrant },
      }),
    },
  ],
  ...Object.fromEntries(
    ['POST', 'DELETE'].map((method) => [
      `${method} /prod-api/content/campaign/:cmp_id/entries/:work_id/vote`,
      [
        {
          name: 'a hidden entry',
          cells: signedInRefused(1004),
          request: () => ({
            url: `/prod-api/content/campaign/${w.campaigns.voting}/entries/${w.hiddenEntry}/vote`,
          }),
        },
        {
          name: 'an entry while voting runs',
          cells: signedIn,
          request: () => ({
            url: `/prod-api/content/campaign/${w.campaigns.voting}/entries/${w.voted}/vote`,
          }),
        },
      ],
    ]),
  ),

  // ── Community: notifications and reports ──
  'POST /capi/notify/markRead': [
    {
      name: "a notification's id: ids not the caller's are skipped",
      cells: { visitor: 3015, other: 'noop', owner: 0, admin: 'noop' },
      request: () => ({ url: '/capi/notify/markRead', body: { ids: [w.notification] } }),
    },
  ],
  'POST /prod-api/content/reports': [
    {
      name: 'an approved work',
      cells: signedIn,
      request: () => ({
        url: '/prod-api/content/reports',
        body: { work_id: w.work, reasons: ['other'] },
      }),
    },
    {
      name: 'a comment on a hidden work: reported by those who can see it',
      cells: { visitor: 3015, other: 1004, owner: 0, admin: 0 },
      request: () => ({
        url: '/prod-api/content/reports',
        body: { comment_id: w.hiddenComment, reasons: ['other'] },
      }),
    },
    {
      name: 'a work in review: reported by those who can see it',
      cells: { visitor: 3015, other: 1004, owner: 0, admin: 0 },
      request: () => ({
        url: '/prod-api/content/reports',
        body: { work_id: w.inReview, reasons: ['other'] },
      }),
    },
  ],

  // ── Tracking ──
  'POST /api/dc/v1/events': [
    {
      name: 'ids as the device reports them (analytics): kept as text, they open nothing',
      cells: everyone,
      request: () => ({
        url: '/api/dc/v1/events',
        body: {
          event_id: 'page_view',
          event_time: Math.floor(Date.now() / 1000),
          user_id: w.ids.owner,
        },
      }),
    },
  ],

  // ── Share links ──
  'GET /w/:work_id': [
    {
      name: 'an approved work',
      cells: all({ status: 200 }),
      request: () => ({ url: `/w/${w.work}` }),
    },
    {
      name: 'a work in review: not shared, whoever asks',
      cells: all({ status: 404 }),
      request: () => ({ url: `/w/${w.inReview}` }),
    },
    {
      name: 'a hidden work: not shared, whoever asks',
      cells: all({ status: 404 }),
      request: () => ({ url: `/w/${w.hidden}` }),
    },
  ],
  'GET /w/:work_id/image': [
    {
      name: 'an approved work',
      cells: all({ status: 302 }),
      request: () => ({ url: `/w/${w.work}/image` }),
    },
    {
      name: 'a work in review: not shared, whoever asks',
      cells: all({ status: 404 }),
      request: () => ({ url: `/w/${w.inReview}/image` }),
    },
    {
      name: 'a hidden work: not shared, whoever asks',
      cells: all({ status: 404 }),
      request: () => ({ url: `/w/${w.hidden}/image` }),
    },
  ],

  // ── Trade ──
  'GET /prod-api/user/fission/invite/:id': [
    {
      name: 'an invitation code',
      cells: everyone,
      request: () => ({ url: `/prod-api/user/fission/invite/${w.invite}` }),
    },
  ],
  'POST /prod-api/trade/v1/orders': [
    {
      name: 'a SKU to buy',
      cells: signedIn,
      request: () => ({ url: '/prod-api/trade/v1/orders', body: { sku_id: 'credits-1000' } }),
    },
  ],
  'GET /prod-api/trade/v1/orders/:order_no': [
    {
      name: 'an order',
      cells: owned(1004),
      request: () => ({ url: `/prod-api/trade/v1/orders/${w.order.no}` }),
    },
  ],
  'GET /prod-api/trade/v1/sandbox/checkout/:session_id': [
    {
      name: "an order's checkout session",
      cells: owned(1004),
      request: () => ({ url: `/prod-api/trade/v1/sandbox/checkout/${w.order.session}` }),
    },
  ],
  'POST /prod-api/trade/v1/sandbox/checkout/:session_id': [
    {
      name: "an order's checkout session: only its owner pays or cancels",
      cells: owned(1004),
      request: () => ({
        url: `/prod-api/trade/v1/sandbox/checkout/${w.order.session}`,
        body: { outcome: 'cancel' },
      }),
    },
  ],
};

/** Routes that take an id but are not a matter of whose resource it is; each says why. */
const exclusions: Record<string, string> = {
  'POST /prod-api/user/login/email/captcha': signInReason(),
  'POST /prod-api/user/login_phone_captcha': signInReason(),
  'POST /prod-api/user/login/google': signInReason(),
  'POST /prod-api/user/oauth/callback/discord': signInReason(),
  'POST /prod-api/user/oauth/callback/facebook': signInReason(),
  'POST /prod-api/user/oauth/callback/apple': signInReason(),
  'POST /prod-api/user/oauth/lenovo': signInReason(),
  'POST /prod-api/user/register': signInReason(),
  'POST /prod-api/user/captcha': signInReason(),
  'POST /prod-api/user/login': signInReason(),
  'GET /prod-api/user/login/adyoung': signInReason(),
  'GET /prod-api/user/oauth/authorize/:provider': 'the parameter names a sign-in provider',
  'GET /prod-api/user/:segment':
    'the parameter is a username; the public profile it answers is the same for everyone and holds no e-mail or phone',
  'GET /voices/:file': 'the parameter names a preset voice, the same sample for everyone',
  'GET /effect-previews/:file':
    'the parameter names an effect template, whose preview clip is the same for everyone',
  'GET /prod-api/user/google_key/:bucket':
    "the parameter names an upload bucket; the upload it opens is the caller's own, under their id",
  'GET /dev/mailbox/:id':
    'development tools, not mounted in production: they show every mailed code by design',
  'GET /dev/sms/:id':
    'development tools, not mounted in production: they show every texted code by design',
  'GET /api/docs/static/*': "the API documentation's own static files",
};
function signInReason() {
  return 'signing in: its ids name the request, the invitation channel or the provider app';
}

/**
 * Takes an id: a path parameter, or a query or body field that names a resource (ids, keys,
 * order numbers, remix sources, rankings). HEAD routes are the GET handlers Fastify adds.
 */
const idField = /^(id|ids|key|keys|remix_of|ranking)$|_(id|ids|no)$/;
function takesId(route: DiscoveredRoute): boolean {
  if (route.method === 'HEAD') return false;
  if (/[:*]/.test(route.url)) return true;
  return [...route.fields.querystring, ...route.fields.body].some((f) => idField.test(f));
}

beforeAll(async () => {
  const listed = await createAppListingRoutes(
    {
      ADMIN_EMAILS: ADMIN_EMAIL,
      WORKER_TOKENS: WORKER_TOKEN,
      PAYMENT_WEBHOOK_SECRET,
    },
    clock,
  );
  t = listed.t;
  discovered = listed.routes;
  w = await buildWorld(t, clock);
}, 300_000);
afterAll(() => t?.close());

describe('the authorization matrix', () => {
  it('has a row or a stated exclusion for every route that takes an id, and none for gone routes', () => {
    const needed = [...new Set(discovered.filter(takesId).map((r) => `${r.method} ${r.url}`))];
    const covered = new Set([...Object.keys(matrix), ...Object.keys(exclusions)]);
    expect(needed.filter((key) => !covered.has(key)).sort()).toEqual([]);
    const registered = new Set(discovered.map((r) => `${r.method} ${r.url}`));
    expect([...covered].filter((key) => !registered.has(key)).sort()).toEqual([]);
  });

  it("answers the worker token on the worker API, so a user's refusal there is not its absence", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/worker/v1/claim',
      headers: { authorization: `Bearer ${WORKER_TOKEN}` },
      // No openai task is queued: the claim answers none and takes nothing.
      payload: { worker_id: 'matrix-worker', engines: ['openai'], wait_s: 0 },
    });
    expect(res.json()).toMatchObject({ code: 0, result: { task: null } });
  });

  for (const [route, cases] of Object.entries(matrix)) {
    const method = route.slice(0, route.indexOf(' ')) as
      'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    for (const c of cases) {
      // Refusals first, on the shared resource; an allowed call may use it up.
      const order = [...roles].sort(
        (a, b) => Number(allowed(c.cells[a])) - Number(allowed(c.cells[b])),
      );
      for (const role of order) {
        it(`${route} — ${c.name} — ${role}: ${describeOutcome(c.cells[role])}`, async () => {
          await runCell(method, c, role);
        });
      }
    }
  }
});

function allowed(outcome: Outcome): boolean {
  if (outcome === 'noop') return false;
  if (typeof outcome === 'number') return outcome === 0;
  return outcome.status < 400;
}

function describeOutcome(outcome: Outcome): string {
  if (outcome === 'noop') return 'answers 0, changes nothing';
  if (typeof outcome === 'number') return outcome === 0 ? 'allowed' : `refused ${outcome}`;
  return `HTTP ${outcome.status}`;
}

async function runCell(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', c: Case, role: Role) {
  const made = c.prepare ? await c.prepare(role) : { ids: {} };
  const ticket =
    role === 'visitor'
      ? undefined
      : role === 'owner'
        ? (made.ownerTicket ?? w.tickets.owner)
        : w.tickets[role];
  const request = c.request(made);
  const expected = c.cells[role];
  const refused = !allowed(expected);
  const before = refused ? await settledState(t) : undefined;
  const res = await t.app.inject({
    method,
    url: request.url,
    headers: {
      ...(ticket ? { authorization: `Bearer ${ticket}` } : {}),
      ...(request.raw ? { 'content-type': request.raw.contentType } : {}),
    },
    ...(request.raw
      ? { payload: request.raw.payload }
      : request.body
        ? { payload: request.body }
        : {}),
  });
  if (typeof expected === 'object') {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(expected.status);
  } else {
    const answer = res.json() as Json;
    expect(answer.code, JSON.stringify(answer).slice(0, 300)).toBe(
      expected === 'noop' ? 0 : expected,
    );
  }
  if (before) expect(await settledState(t)).toEqual(before);
  if (role === 'visitor' || role === 'other') {
    for (const mark of privateMarks()) expect(res.body).not.toContain(mark);
  }
}

/**
 * What only the owner and admins may see: works not approved (in review, hidden, a remix in
 * review), and the owner's uploads, results, orders and queued tasks. No answer to a visitor
 * or another user may name them, whatever the route.
 */
function privateMarks(): string[] {
  return [
    ...[w.inReview, w.hidden, w.remixInReview, w.hiddenEntry].map((id) => `"work_id":"${id}"`),
    w.upload,
    w.loose.key,
    w.toDeleteByKey.key,
    w.order.no,
    w.order.session,
    w.heldOrder,
    w.queued,
    w.queuedForWorker,
  ];
}
