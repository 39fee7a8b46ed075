import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import type { WorkerRunner } from '@lumen/worker/runner';
import { createApiCaller, type Json } from './api-caller';
import { createTestApp, type TestApp } from './test-app';
import { startTestWorker } from './worker';

type Api = ReturnType<typeof createApiCaller>;

/**
 * What the tool tests do as a user would: sign in with a plan, upload pictures the way the web
 * app does, submit to the gateway and wait for the run's end, then read its files back.
 */
export function createToolRuns(
  context: () => { t: TestApp; api: Api; admin?: { ticket: string } },
) {
  /** Signs a user in and gives them a plan through the admin route (grade 2 is Plus). */
  async function userWithGrade(email: string, grade: number) {
    const { api, admin } = context();
    const user = await api.signIn(email);
    if (grade > 0) {
      if (!admin) throw new Error('giving a plan needs an admin signed in');
      const plan = await api.call('POST', `/prod-api/admin/users/${user.id}/plan`, admin.ticket, {
        grade,
        days: 30,
      });
      expect(plan.code).toBe(0);
    }
    return user;
  }

  /** Grants a user purchased credits through the admin route. */
  async function grantCredits(userId: number, amount: number) {
    const { api, admin } = context();
    if (!admin) throw new Error('granting credits needs an admin signed in');
    const granted = await api.call(
      'POST',
      `/prod-api/admin/users/${userId}/credits`,
      admin.ticket,
      {
        amount,
        kind: 'purchased',
        reason: 'test credits',
        idempotency_key: `test-grant-${userId}-${amount}`,
      },
    );
    expect(granted.code).toBe(0);
  }

  /** Uploads bytes the way the web app does: ask, PUT to the presigned URL, complete. */
  async function upload(
    ticket: string,
    bytes: Buffer,
    filename = 'picture.png',
    type = 'image/png',
  ) {
    const { t, api } = context();
    const asked = await api.call('POST', '/prod-api/content/uploads', ticket, {
      filename,
      content_type: type,
      size: bytes.length,
    });
    expect(asked.code).toBe(0);
    const put = await t.app.inject({
      method: 'PUT',
      url: asked.result.upload_url,
      headers: { 'content-type': type },
      payload: bytes,
    });
    expect(put.statusCode).toBeLessThan(300);
    const done = await api.call('POST', '/prod-api/content/uploads/complete', ticket, {
      key: asked.result.key,
    });
    expect(done.code).toBe(0);
    return asked.result.key as string;
  }

  async function waitForFinal(ticket: string, path: string, taskId: string): Promise<Json> {
    const { api } = context();
    const deadline = Date.now() + 280_000;
    for (;;) {
      const { result } = await api.call('GET', `${path}/results?task_id=${taskId}`, ticket);
      if ([1, 3, 4, 5].includes(result.task_status)) return result;
      if (Date.now() > deadline) throw new Error(`task ${taskId} still ${result.status}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  async function fetchBytes(url: string): Promise<Buffer> {
    const res = await context().t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  return { userWithGrade, grantCredits, upload, waitForFinal, fetchBytes };
}

/**
 * A tool test file's world: before its tests, an app with an admin (who gives plans and
 * credits) and the embedded worker; after them, both stopped. `api` calls the app as a client
 * would and `gateway` names a tool's submit address.
 */
export function setUpToolRuns(media: 'image' | 'video' = 'image') {
  let t: TestApp;
  let caller: Api;
  let worker: WorkerRunner;
  let admin: { ticket: string; id: number };
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'ops@example.com' } });
    caller = createApiCaller(t);
    worker = startTestWorker(t);
    admin = await caller.signIn('ops@example.com');
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });
  // The caller exists only once the app has started, so the file's tests reach it through this.
  const api: Api = {
    call: (...args) => caller.call(...args),
    signIn: (email) => caller.signIn(email),
    credits: (ticket) => caller.credits(ticket),
  };
  const runs = createToolRuns(() => ({ t, api, admin }));
  const gateway = (tool: string) => `/api/gw/v3/${media}/${tool}/async`;
  return { api, runs, gateway, app: () => t };
}

/** A plain picture of one colour. */
export function plain(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A red ball on a plain pale ground, the kind of product shot cut-outs are made of. */
export function productShot(side: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
    <rect width="100%" height="100%" fill="#e9edf2"/>
    <circle cx="${side / 2}" cy="${side / 2}" r="${side * 0.3}" fill="#c0392b"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The channels of a picture at each point. */
export async function pixelsAt(png: Buffer, points: [number, number][]): Promise<number[][]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return points.map(([x, y]) => {
    const at = (y * info.width + x) * info.channels;
    return [...data.subarray(at, at + info.channels)];
  });
}
