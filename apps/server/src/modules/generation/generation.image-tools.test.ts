import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pixelsAt, plain, productShot, setUpToolRuns } from '../../../test/support/tool-runs';

const { api, runs } = setUpToolRuns();
const { userWithGrade, upload, waitForFinal, fetchBytes } = runs;

const UPSCALE = '/api/gw/v3/image/upscale/async';
const REMOVE_BG = '/api/gw/v3/image/remove_bg/async';

/** A landscape-ish picture with some detail, so the upscaler has edges to work on. */
function scenery(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#8fb8de"/>
    <rect y="${height * 0.6}" width="100%" height="${height * 0.4}" fill="#3d6b35"/>
    <circle cx="${width * 0.7}" cy="${height * 0.25}" r="${height * 0.1}" fill="#f5d76e"/>
    <polygon points="0,${height * 0.6} ${width * 0.3},${height * 0.2} ${width * 0.6},${height * 0.6}"
      fill="#6b6b6b"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const corners = (width: number, height: number): [number, number][] => [
  [2, 2],
  [width - 3, 2],
  [2, height - 3],
  [width - 3, height - 3],
];

describe('enhance at 2×, 4× and 4K', () => {
  it('makes 4K of a 1024×1024 upload for a Plus user: long side 3840–4096', async () => {
    const { ticket } = await userWithGrade('enhance-4k@example.com', 2);
    const key = await upload(ticket, await scenery(1024, 1024));
    const before = await api.credits(ticket);
    const submitted = await api.call('POST', UPSCALE, ticket, {
      images: [key],
      params: { scale: '4k' },
    });
    expect(submitted.code).toBe(0);
    expect(submitted.result.cost).toBe(1);
    const done = await waitForFinal(ticket, UPSCALE, submitted.result.task_id);
    expect(done.task_status).toBe(1);
    const meta = await sharp(await fetchBytes(done.sub_task_results[0].url)).metadata();
    const long = Math.max(meta.width, meta.height);
    expect(long).toBeGreaterThanOrEqual(3840);
    expect(long).toBeLessThanOrEqual(4096);
    expect(meta.width).toBe(meta.height);
    expect(done.request.params.scale).toBe('4k');
    expect(await api.credits(ticket)).toBe(before - 1);
  }, 300_000);

  it('makes 4× of a small picture, the string "4" read as 4, and bills it as 4×', async () => {
    const { ticket } = await userWithGrade('enhance-4x@example.com', 2);
    const key = await upload(ticket, await scenery(300, 200));
    const submitted = await api.call('POST', UPSCALE, ticket, {
      images: [key],
      params: { scale: '4' },
    });
    expect(submitted.code).toBe(0);
    const done = await waitForFinal(ticket, UPSCALE, submitted.result.task_id);
    expect(done.task_status).toBe(1);
    expect([done.sub_task_results[0].width, done.sub_task_results[0].height]).toEqual([1200, 800]);
  }, 120_000);

  it('refuses scales it does not offer and pictures 4K or 4× cannot be made from, charging nothing', async () => {
    const { ticket } = await userWithGrade('enhance-bad@example.com', 2);
    const small = await upload(ticket, await scenery(800, 600));
    const large = await upload(ticket, await scenery(1500, 1000));
    const before = await api.credits(ticket);
    for (const scale of [3, '8', '4K!', 0, 'two']) {
      const refused = await api.call('POST', UPSCALE, ticket, {
        images: [small],
        params: { scale },
      });
      expect([scale, refused.code, refused.msg]).toEqual([
        scale,
        1001,
        'Enhance takes a scale of 2, 4 or "4k"',
      ]);
    }
    const tooSmall = await api.call('POST', UPSCALE, ticket, {
      images: [small],
      params: { scale: '4k' },
    });
    expect(tooSmall.code).toBe(1001);
    expect(tooSmall.msg).toBe(
      'This picture is too small for 4K: its long side must be at least 960 px',
    );
    const tooLarge = await api.call('POST', UPSCALE, ticket, {
      images: [large],
      params: { scale: 4 },
    });
    expect(tooLarge.code).toBe(1001);
    expect(tooLarge.msg).toBe(
      'This picture is too large for 4×: its long side may be at most 1024 px',
    );
    expect(await api.credits(ticket)).toBe(before);
  });

  it('keeps enhance and 4K from free and Basic users (2020, the pay dialog)', async () => {
    const free = await userWithGrade('enhance-free@example.com', 0);
    const basic = await userWithGrade('enhance-basic@example.com', 1);
    for (const { ticket } of [free, basic]) {
      const key = await upload(ticket, await scenery(1024, 768));
      const before = await api.credits(ticket);
      for (const scale of [2, '4k']) {
        const refused = await api.call('POST', UPSCALE, ticket, {
          images: [key],
          params: { scale },
        });
        expect(refused.code).toBe(2020);
      }
      expect(await api.credits(ticket)).toBe(before);
    }
  });
});

describe('cut-out backgrounds', () => {
  it('lays an uploaded picture’s cut-out on #00ff00: an opaque PNG with green corners', async () => {
    const { ticket } = await userWithGrade('cutout-green@example.com', 2);
    const key = await upload(ticket, await productShot(512));
    const before = await api.credits(ticket);
    const submitted = await api.call('POST', REMOVE_BG, ticket, {
      images: [key],
      params: { background: '#00ff00' },
    });
    expect(submitted.code).toBe(0);
    const done = await waitForFinal(ticket, REMOVE_BG, submitted.result.task_id);
    expect(done.task_status).toBe(1);
    const png = await fetchBytes(done.sub_task_results[0].url);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.hasAlpha, meta.width, meta.height]).toEqual(['png', false, 512, 512]);
    for (const pixel of await pixelsAt(png, corners(512, 512))) {
      expect(pixel).toEqual([0, 255, 0]);
    }
    // The subject is still there: the middle of the ball is red, not green.
    const [centre] = await pixelsAt(png, [[256, 256]]);
    expect(centre?.[0]).toBeGreaterThan(150);
    expect(centre?.[1]).toBeLessThan(100);
    expect(done.request.params.background).toBe('#00ff00');
    expect(await api.credits(ticket)).toBe(before - 1);
  }, 120_000);

  it('lays a cut-out on another picture of the user’s, cover-fitted, and on a blur of itself', async () => {
    const { ticket } = await userWithGrade('cutout-picture@example.com', 2);
    const key = await upload(ticket, await productShot(400));
    const ground = await upload(ticket, await plain(600, 600, '#1e50c8'), 'ground.png');
    const submitted = await api.call('POST', REMOVE_BG, ticket, {
      images: [key],
      params: { background: ground },
    });
    expect(submitted.code).toBe(0);
    const done = await waitForFinal(ticket, REMOVE_BG, submitted.result.task_id);
    expect(done.task_status).toBe(1);
    const png = await fetchBytes(done.sub_task_results[0].url);
    expect((await sharp(png).metadata()).width).toBe(400);
    for (const [r, g, b] of await pixelsAt(png, corners(400, 400))) {
      expect([Math.abs(r! - 0x1e) < 4, Math.abs(g! - 0x50) < 4, Math.abs(b! - 0xc8) < 4]).toEqual([
        true,
        true,
        true,
      ]);
    }
    // Recreate sends the background picture back where it came from.
    expect(done.request.params.background).toBe(ground);
    expect(done.request.images).toEqual([key]);

    const blurred = await api.call('POST', REMOVE_BG, ticket, {
      images: [key],
      params: { background: 'blur' },
    });
    expect(blurred.code).toBe(0);
    const blur = await waitForFinal(ticket, REMOVE_BG, blurred.result.task_id);
    expect(blur.task_status).toBe(1);
    const blurPng = await fetchBytes(blur.sub_task_results[0].url);
    expect((await sharp(blurPng).metadata()).hasAlpha).toBe(false);
    // The corners show the original's pale ground, blurred.
    for (const pixel of await pixelsAt(blurPng, corners(400, 400))) {
      expect(Math.min(...pixel)).toBeGreaterThan(200);
    }
  }, 120_000);

  it('refuses a background that is no colour, no choice and no picture of the user’s, charging nothing', async () => {
    const { ticket } = await userWithGrade('cutout-bad@example.com', 2);
    const other = await userWithGrade('cutout-other@example.com', 2);
    const key = await upload(ticket, await productShot(400));
    const theirs = await upload(other.ticket, await plain(400, 400, '#ff0000'));
    const tiny = await upload(ticket, await plain(100, 100, '#ff0000'));
    const before = await api.credits(ticket);
    for (const background of ['#12', '#gg0000', '#00ff00ff']) {
      const refused = await api.call('POST', REMOVE_BG, ticket, {
        images: [key],
        params: { background },
      });
      expect([background, refused.code, refused.msg]).toEqual([
        background,
        1001,
        'The background must be transparent, a colour such as #00ff00, blur, or one of your own pictures',
      ]);
    }
    for (const background of [theirs, tiny, 'uploads/nobody/none.png', 'red']) {
      const refused = await api.call('POST', REMOVE_BG, ticket, {
        images: [key],
        params: { background },
      });
      expect([background, refused.code]).toEqual([background, 1001]);
    }
    expect(await api.credits(ticket)).toBe(before);
  });
});
