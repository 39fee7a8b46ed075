import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { defaultFfmpegPath } from '@lumen/engines/local/ffmpeg-encoder';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';
import { adminTicket } from '../support/api';
import { scenePng } from '../support/pictures';
import { readPortraitPhoto } from '../../packages/engines/src/ml/face-test-support';

interface Envelope<T> {
  code: number;
  msg: string;
  result: T;
}

const ADMIN_EMAIL = 'admin@e2e.test';
/** An admin's ticket, signed in through the API once for the whole run. */
function signInAdmin(request: APIRequestContext): Promise<string> {
  return adminTicket(request, ADMIN_EMAIL);
}

/** A user with enough purchased credits for a few videos and a lip sync. */
async function richUser(page: Page, prefix: string, startAt = '/studio') {
  const user = await signInThroughApi(page, `${uniqueUsername(prefix)}@example.test`, startAt);
  const admin = await signInAdmin(page.request);
  const granted = (await (
    await page.request.post(`/prod-api/admin/users/${user.id}/credits`, {
      headers: { authorization: `Bearer ${admin}` },
      data: {
        amount: 500,
        kind: 'purchased',
        reason: 'e2e',
        idempotency_key: `video-screens-${user.id}`,
      },
    })
  ).json()) as Envelope<unknown>;
  expect(granted.code).toBe(0);
  // The page was loaded before the grant: it shows the new balance once loaded again, and the
  // studio checks a run's cost against what it shows before sending it.
  await page.reload();
  return user;
}

/** Submits to the gateway and waits for the run to finish; answers the task id. */
async function runTool(page: Page, ticket: string, tool: string, body: object): Promise<string> {
  const headers = { authorization: `Bearer ${ticket}` };
  const submitted = (await (
    await page.request.post(`/api/gw/v3/video/${tool}/async`, { headers, data: body })
  ).json()) as Envelope<{ task_id: string }>;
  expect(submitted.code, submitted.msg).toBe(0);
  const taskId = submitted.result.task_id;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(
          `/api/gw/v3/video/${tool}/async/results?task_id=${taskId}`,
          { headers },
        );
        return ((await res.json()) as Envelope<{ status: string }>).result.status;
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe('done');
  return taskId;
}

/** A square MP4 of a still picture (padded, never cropped), 2 s at 12 fps, as a phone films it. */
function squareClipOf(picture: Buffer, name: string) {
  // An MP4 with its index first needs a file to seek in; a pipe cannot take one.
  const dir = mkdtempSync(join(tmpdir(), 'lumen-e2e-clip-'));
  try {
    const out = join(dir, 'clip.mp4');
    const run = spawnSync(
      defaultFfmpegPath(),
      [
        ...['-hide_banner', '-loglevel', 'error'],
        ...['-f', 'image2pipe', '-framerate', '12', '-i', 'pipe:0', '-vf'],
        'loop=loop=23:size=1:start=0,pad=max(iw\\,ih):max(iw\\,ih):(ow-iw)/2:(oh-ih)/2:color=gray,scale=480:480',
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', out],
      ],
      { input: picture },
    );
    if (run.status !== 0) throw new Error(run.stderr.toString());
    return { name, mimeType: 'video/mp4', buffer: readFileSync(out) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The page at desktop width and at 390 px, kept with the test's results to look at. */
async function screenshots(page: Page, info: TestInfo, name: string) {
  const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.screenshot({ path: info.outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: info.outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize(desktop);
}

test.describe('video tool screens', () => {
  test('the templates grid plays each effect and "Use" opens the video studio with it', async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    await page.goto('/studio/templates');
    await expect(page.getByRole('heading', { name: 'Effect templates' })).toBeVisible();
    const cards = page.getByTestId('effect-template');
    await expect(cards).toHaveCount(12);
    await expect(cards.first()).toContainText('30 credits');
    await expect(page.getByText('Two photos').first()).toBeVisible();
    // The first clip on screen loads and plays, muted and looping.
    const clip = cards.first().locator('video');
    await expect(clip).toHaveAttribute('src', /\/effect-previews\/[a-z-]+\.mp4$/);
    await expect
      .poll(() => clip.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.paused), {
        timeout: 90_000,
      })
      .toBe(true);
    expect(await clip.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
    await screenshots(page, info, 'templates');

    await page.getByRole('link', { name: 'Use the Inflate template' }).click();
    // The studio's code arrives first: the address changes once it is in.
    await expect(page).toHaveURL(/\/studio\/video\?mode=effect&effect=inflate$/, {
      timeout: 20_000,
    });
  });

  test('lip sync: a faceless picture is refused before submitting; a portrait speaks a text', async ({
    page,
  }, info) => {
    test.setTimeout(240_000);
    await richUser(page, 'lips', '/studio/lip-sync');
    await expect(page.getByRole('heading', { name: 'Lip sync' })).toBeVisible();
    const generate = page.getByRole('button', { name: 'Generate' });
    await expect(page.getByText('100 credits')).toBeVisible();

    // A picture with no face: the check's answer shows before anything is sent or charged.
    await page.locator('input[type=file][accept*="image"]').setInputFiles({
      name: 'scene.png',
      mimeType: 'image/png',
      buffer: scenePng(640, 480),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'No portrait detected' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(generate).toBeDisabled();
    await screenshots(page, info, 'lip-sync-refused');

    // A portrait: one clear face, then a text in a preset voice.
    await page.getByRole('button', { name: 'Remove Portrait photo' }).click();
    await page.locator('input[type=file][accept*="image"]').setInputFiles({
      name: 'portrait.jpg',
      mimeType: 'image/jpeg',
      buffer: await readPortraitPhoto(),
    });
    await expect(page.getByText('One clear face found')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('What should they say?').fill('Hello from Lumen.');
    await expect(page.getByRole('button', { name: 'Play a sample of Ava' })).toBeVisible();
    await page.getByRole('radio', { name: 'Ava' }).check();
    await expect(generate).toBeEnabled();
    await screenshots(page, info, 'lip-sync-ready');
    await expect(page.getByText('Balance: 530 credits')).toBeVisible();
    await generate.click();
    // The run holds its 100 credits at once.
    await expect(page.getByText('Balance: 430 credits')).toBeVisible({ timeout: 15_000 });
    const result = page.getByTestId('lip-sync-result');
    await expect(result).toBeVisible({ timeout: 180_000 });
    await expect
      .poll(() => result.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.duration > 0))
      .toBe(true);
    await screenshots(page, info, 'lip-sync-done');
  });

  test('lip sync of a clip: a faceless square clip is refused before submitting; a speaker’s is taken', async ({
    page,
  }, info) => {
    test.setTimeout(240_000);
    await richUser(page, 'lipclip', '/studio/lip-sync');
    await expect(page.getByRole('heading', { name: 'Lip sync' })).toBeVisible();
    const generate = page.getByRole('button', { name: 'Generate' });
    await page.getByText('Video clip', { exact: true }).first().click();
    await expect(page.getByRole('radio', { name: 'Video clip' })).toBeChecked();
    const clipFile = page.getByTestId('clip-file');

    // A square clip with no face: the server's face check answers before anything is sent.
    await clipFile.setInputFiles(squareClipOf(scenePng(640, 480), 'scene.mp4'));
    await expect(
      page.getByRole('alert').filter({ hasText: 'No clear face in the clip' }),
    ).toBeVisible({ timeout: 60_000 });
    await page.getByLabel('What should they say?').fill('Hello from Lumen.');
    await page.getByRole('radio', { name: 'Ava' }).check();
    await expect(generate).toBeDisabled();
    await expect(page.getByText('Choose a clip that keeps one clear face in view.')).toBeVisible();
    await screenshots(page, info, 'lip-sync-clip-refused');

    // A clip of one speaker: the same check passes and the run is taken.
    await page.getByRole('button', { name: 'Remove the clip' }).click();
    await clipFile.setInputFiles(squareClipOf(await readPortraitPhoto(), 'speaker.mp4'));
    await expect(page.getByText('One clear face found')).toBeVisible({ timeout: 60_000 });
    await expect(generate).toBeEnabled();
    await screenshots(page, info, 'lip-sync-clip-ready');
    const answer = page.waitForResponse(
      (r) =>
        r.url().includes('/api/gw/v3/video/mouth_speech/async') && r.request().method() === 'POST',
    );
    await generate.click();
    const body = (await (await answer).json()) as Envelope<{ task_id: string }>;
    expect(body.code, body.msg).toBe(0);
  });

  test('a video offers extend, 4K, lip sync, stylize and templates; an extended one hides 4K and lip sync', async ({
    page,
  }, info) => {
    test.setTimeout(300_000);
    const user = await richUser(page, 'vdetail');
    const clipTask = await runTool(page, user.ticket, 'video_diffusion', {
      prompt: 'a paper boat on a pond',
      params: { wh_ratio: '16:9', duration: 5 },
    });
    await page.goto(`/library/item/${clipTask}/0?kind=video&type=video_diffusion`);
    const tools = page.getByTestId('video-tool-actions');
    // The page's code and the run arrive first; a loaded machine takes a while.
    await expect(tools).toBeVisible({ timeout: 30_000 });
    for (const name of ['Extend', '4K', 'Lip sync', 'Stylize', 'Use template']) {
      await expect(tools.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(tools.getByRole('link', { name: 'Extend', exact: true })).toHaveAttribute(
      'href',
      `/studio/video?mode=extend&from=${clipTask}%3A0`,
    );
    await screenshots(page, info, 'video-detail');

    const clipKey = (
      (await (
        await page.request.get(
          `/api/gw/v3/video/video_diffusion/async/results?task_id=${clipTask}`,
          {
            headers: { authorization: `Bearer ${user.ticket}` },
          },
        )
      ).json()) as Envelope<{ sub_task_results: { video: string }[] }>
    ).result.sub_task_results[0]!.video;
    const extendedTask = await runTool(page, user.ticket, 'video_extend', {
      videos: [clipKey],
      params: { duration: 5 },
    });
    await page.goto(`/library/item/${extendedTask}/0?kind=video&type=video_extend`);
    await expect(tools).toBeVisible({ timeout: 30_000 });
    await expect(tools.getByRole('link', { name: 'Extend', exact: true })).toBeVisible();
    await expect(tools.getByRole('link', { name: 'Stylize', exact: true })).toBeVisible();
    await expect(tools.getByRole('link', { name: 'Use template', exact: true })).toBeVisible();
    await expect(tools.getByRole('link', { name: '4K', exact: true })).toHaveCount(0);
    await expect(tools.getByRole('link', { name: 'Lip sync', exact: true })).toHaveCount(0);
    await expect(tools).toContainText('cannot be enhanced to 4K or lip-synced');
    await screenshots(page, info, 'video-detail-extended');

    // "Lip sync" of the plain clip opens the lip sync screen with the clip chosen.
    await page.goto(`/library/item/${clipTask}/0?kind=video&type=video_diffusion`);
    await tools.getByRole('link', { name: 'Lip sync', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/studio/lip-sync\\?from=${clipTask}:0`));
    await expect(page.getByRole('radio', { name: 'Video clip' })).toBeChecked();
    await expect(page.locator('video[aria-label="Video clip"]')).toBeVisible();
    // A widescreen clip is not for lip sync: said before anything is sent.
    await expect(page.getByRole('alert').filter({ hasText: 'square (1:1)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });
});
