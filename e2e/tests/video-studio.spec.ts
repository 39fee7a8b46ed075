import { spawnSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { defaultFfmpegPath } from '@lumen/engines/local/ffmpeg-encoder';
import { readPortraitPhoto } from '@lumen/engines/ml/face-test-support';
import { expect, test } from '../support/fixtures';
import { signInThroughApi, uniqueUsername } from '../support/accounts';
import { scenePng } from '../support/pictures';

const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A moving test pattern with a tone, as H.264 and AAC in an MP4 a browser plays. */
function clipMp4(width: number, height: number, seconds: number): Buffer {
  const run = spawnSync(defaultFfmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=24:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    ...['-movflags', 'frag_keyframe+empty_moov', '-f', 'mp4', 'pipe:1'],
  ]);
  if (run.status !== 0) throw new Error(run.stderr.toString());
  return run.stdout;
}

async function claimPlusTrial(page: Page, ticket: string): Promise<void> {
  const answer = await page.request.post('/prod-api/trade/v1/trial/claim', {
    headers: { authorization: `Bearer ${ticket}` },
  });
  expect(((await answer.json()) as { code: number }).code).toBe(0);
}

/** Presses Generate and answers the task the gateway queued for `tool`. */
async function submit(page: Page, tool: string): Promise<string> {
  const answer = page.waitForResponse(
    (r) => r.url().includes(`/api/gw/v3/video/${tool}/async`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Generate' }).click();
  const body = (await (await answer).json()) as { code: number; result: { task_id: string } };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.result.task_id;
}

/** Waits until the task is done, as its owner sees it through the gateway. */
async function finished(page: Page, ticket: string, tool: string, taskId: string) {
  let status = '';
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/gw/v3/video/${tool}/async/results`, {
          params: { task_id: taskId },
          headers: { authorization: `Bearer ${ticket}` },
        });
        const body = (await answer.json()) as { result: { status: string } };
        status = body.result.status;
        return status;
      },
      { timeout: 240_000, intervals: [2000] },
    )
    .toMatch(/done|failed|cancelled/);
  expect(status).toBe('done');
}

/** Drags the mouse across `box` from one fraction of it to another, in small steps. */
async function drag(page: Page, target: Locator, from: [number, number], to: [number, number]) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('no canvas');
  const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
  const [x0, y0] = at(from);
  const [x1, y1] = at(to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(x0 + ((x1 - x0) * i) / 12, y0 + ((y1 - y0) * i) / 12);
  }
  await page.mouse.up();
}

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const settings = (page: Page) => page.getByRole('form', { name: 'Generation settings' });

test.describe('video studio', () => {
  test('a Plus member extends an uploaded clip, lip-syncs a portrait, brushes motion and picks an effect', async ({
    page,
  }) => {
    test.setTimeout(600_000);
    const user = await signInThroughApi(page, `${uniqueUsername('vstudio')}@example.test`);
    await claimPlusTrial(page, user.ticket);

    // The toolbox's video cards open the studio in their mode.
    await page.goto('/studio/tools');
    await page.getByRole('button', { name: 'Video extend' }).click();
    await expect(page).toHaveURL(/\/studio\/video\?mode=extend$/);
    const modes = page.getByRole('group', { name: 'Video mode' });
    await expect(modes.getByRole('button', { name: 'Extend' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Character video is offered like the other modes, with the user's ready characters.
    await expect(modes.getByRole('button', { name: /Character/ })).toBeEnabled();
    await expect(modes.getByRole('button')).toHaveCount(12);

    // Extend: a square clip is refused before it is sent; a 16:9 one is taken and runs.
    const clipInput = page.locator('input[type="file"][accept="video/mp4"]');
    await clipInput.setInputFiles({
      name: 'square.mp4',
      mimeType: 'video/mp4',
      buffer: clipMp4(360, 360, 1),
    });
    await expect(page.getByRole('alert')).toHaveText('This mode needs a 16:9 video', {
      timeout: 30_000,
    });
    await clipInput.setInputFiles({
      name: 'wide.mp4',
      mimeType: 'video/mp4',
      buffer: clipMp4(640, 360, 2),
    });
    // Uploaded, then read by the server (ffprobe) before it is taken.
    await expect(page.getByTestId('clip-facts')).toContainText('640×360', { timeout: 60_000 });
    await expect(page.getByTestId('clip-facts')).toContainText(/2 s/);
    await expect(page.getByText('Choose a video to continue')).toBeHidden();
    await shot(page, 'video-studio-extend-desktop');
    const extendTask = await submit(page, 'video_extend');
    await finished(page, user.ticket, 'video_extend', extendTask);
    await expect(results(page).locator('video[src]').first()).toBeVisible({ timeout: 30_000 });

    // Lip sync: a portrait speaks a text in a preset voice, each voice with its sample.
    await modes.getByRole('button', { name: 'Lip sync' }).click();
    await expect(page).toHaveURL(/mode=lip_sync/);
    await page.getByLabel('Portrait (one clear face)').setInputFiles({
      name: 'face.jpg',
      mimeType: 'image/jpeg',
      buffer: await readPortraitPhoto(),
    });
    await expect(page.getByRole('button', { name: /Remove Portrait/ })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: "Play Ava's sample" })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Ava/ })).toBeChecked();
    await page.getByRole('radio', { name: /Mateo/ }).check();
    await page.getByLabel('Text to speak').fill('Hola, esto es una prueba.');
    await expect(settings(page).getByText('100 credits')).toBeVisible();
    await shot(page, 'video-studio-lip-sync-desktop');
    const lipTask = await submit(page, 'mouth_speech');
    await finished(page, user.ticket, 'mouth_speech', lipTask);

    // Magic brush: paint the red square, draw its track to the right, and send both.
    await modes.getByRole('button', { name: 'Magic brush' }).click();
    await page.getByLabel('Picture', { exact: true }).setInputFiles({
      name: 'scene.png',
      mimeType: 'image/png',
      buffer: scenePng(),
    });
    const canvas = page.getByRole('application', { name: /Brush canvas/ });
    await expect(canvas.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
    const brushPanel = page.getByRole('region', { name: 'Magic brush' });
    const brushStatus = brushPanel.getByRole('status');
    await expect(brushStatus).toHaveText('Paint at least one area that should move');
    await drag(page, canvas, [0.45, 0.5], [0.55, 0.5]);
    await expect(brushStatus).toHaveText('Draw a track for every painted area');
    await brushPanel.getByText('Draw track', { exact: true }).click();
    await drag(page, canvas, [0.5, 0.5], [0.85, 0.5]);
    await expect(brushStatus).toHaveText('Each area moves along its track.');
    await expect(
      page.getByRole('list', { name: 'Areas' }).getByRole('listitem').first(),
    ).toContainText('track drawn');
    await shot(page, 'video-studio-brush-desktop');
    const brushRequest = page.waitForRequest(
      (r) => r.url().includes('/api/gw/v3/video/video_motion_brush/async') && r.method() === 'POST',
    );
    const brushTask = await submit(page, 'video_motion_brush');
    const sent = (await brushRequest).postDataJSON() as {
      params: { brushes: { color: string; mask: string }[]; tracks: { points: number[][] }[] };
    };
    expect(sent.params.brushes).toHaveLength(1);
    expect(sent.params.tracks[0]?.points.at(-1)?.[0]).toBeGreaterThan(0.75);
    expect(brushTask).toMatch(/^[0-9a-f-]{36}$/);

    // Effects: the templates from the server; the two-person ones take two photos.
    await modes.getByRole('button', { name: 'Effects' }).click();
    const effects = page.getByRole('radiogroup', { name: 'Effect' });
    await expect(effects.getByRole('radio')).toHaveCount(12);
    await effects.getByRole('radio', { name: /AI Hug/ }).click();
    await expect(page.getByLabel('Picture 2')).toBeAttached();
    await page.getByLabel('Picture 1').setInputFiles({
      name: 'a.png',
      mimeType: 'image/png',
      buffer: scenePng(),
    });
    await expect(page.getByRole('button', { name: 'Remove Picture 1' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Add 2 pictures to continue')).toBeVisible();
    await effects.getByRole('radio', { name: 'Inflate' }).click();
    await expect(page.getByText('Add 2 pictures to continue')).toBeHidden();
    await expect(settings(page).getByText('30 credits')).toBeVisible();
    await shot(page, 'video-studio-effect-desktop');
    const effectRequest = page.waitForRequest(
      (r) =>
        r.url().includes('/api/gw/v3/video/video_diffusion_img2vid/async') && r.method() === 'POST',
    );
    await submit(page, 'video_diffusion_img2vid');
    expect((await effectRequest).postDataJSON()).toMatchObject({ params: { effect: 'inflate' } });
  });

  test('fits a phone: every mode and the brush canvas within 390 px', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await signInThroughApi(page, `${uniqueUsername('vphone')}@example.test`);
    await claimPlusTrial(page, user.ticket);
    await page.goto('/studio/video?mode=brush');
    await page.getByLabel('Picture', { exact: true }).setInputFiles({
      name: 'scene.png',
      mimeType: 'image/png',
      buffer: scenePng(),
    });
    const canvas = page.getByRole('application', { name: /Brush canvas/ });
    await expect(canvas.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
    const box = await canvas.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    for (const mode of ['brush', 'lip_sync', 'extend', 'effect']) {
      await page.goto(`/studio/video?mode=${mode}`);
      await expect(page.getByRole('group', { name: 'Video mode' })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, mode).toBeLessThanOrEqual(0);
      await shot(page, `video-studio-${mode}-phone`);
    }
  });
});
