import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpToolRuns, plain } from '../../../test/support/tool-runs';

const { api, runs, gateway } = setUpToolRuns();

const BACKGROUND = { r: 70, g: 130, b: 180 };
const SQUARE = { x: 300, y: 180, side: 120 };

/** A flat steel-blue picture with a red square on it. */
function squareOnGround(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="512">
    <rect width="100%" height="100%" fill="rgb(${BACKGROUND.r},${BACKGROUND.g},${BACKGROUND.b})"/>
    <rect x="${SQUARE.x}" y="${SQUARE.y}" width="${SQUARE.side}" height="${SQUARE.side}" fill="#e00000"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** White over the square (and a couple of pixels round it), black elsewhere. */
function maskOverSquare(width = 768, height = 512, grow = 2): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#000"/>
    <rect x="${SQUARE.x - grow}" y="${SQUARE.y - grow}" width="${SQUARE.side + 2 * grow}"
      height="${SQUARE.side + 2 * grow}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function raw(png: Buffer) {
  return sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

describe('magic eraser', () => {
  it('removes a red square from a flat ground: outside the mask untouched, inside the ground', async () => {
    const { ticket } = await runs.userWithGrade('eraser-plus@example.com', 2);
    const picture = await squareOnGround();
    const image = await runs.upload(ticket, picture);
    const mask = await runs.upload(ticket, await maskOverSquare(), 'mask.png');
    const before = await api.credits(ticket);
    const submitted = await api.call('POST', gateway('erase'), ticket, { images: [image], mask });
    expect(submitted.code).toBe(0);
    expect(submitted.result.cost).toBe(1);
    const result = await runs.waitForFinal(ticket, gateway('erase'), submitted.result.task_id);
    expect(result.status).toBe('done');
    expect(result.task_type).toBe('erase');
    expect(result.edited_from).toMatchObject({ key: image, task_id: null, index: null });
    expect(await api.credits(ticket)).toBe(before - 1);

    const out = await raw(await runs.fetchBytes(result.sub_task_results[0].url));
    const input = await raw(picture);
    expect([out.info.width, out.info.height]).toEqual([768, 512]);
    // Outside the mask grown by a margin, every pixel is the input's own.
    const margin = 12;
    let changedOutside = 0;
    let inside = 0;
    const sum = [0, 0, 0];
    for (let y = 0; y < 512; y++) {
      for (let x = 0; x < 768; x++) {
        const at = (y * 768 + x) * 3;
        const inSquare =
          x >= SQUARE.x &&
          x < SQUARE.x + SQUARE.side &&
          y >= SQUARE.y &&
          y < SQUARE.y + SQUARE.side;
        const nearSquare =
          x >= SQUARE.x - margin &&
          x < SQUARE.x + SQUARE.side + margin &&
          y >= SQUARE.y - margin &&
          y < SQUARE.y + SQUARE.side + margin;
        if (!nearSquare) {
          for (let c = 0; c < 3; c++) if (out.data[at + c] !== input.data[at + c]) changedOutside++;
        }
        if (inSquare) {
          inside++;
          for (let c = 0; c < 3; c++) sum[c]! += out.data[at + c]!;
        }
      }
    }
    expect(changedOutside).toBe(0);
    const mean = sum.map((v) => v / inside);
    expect(Math.abs(mean[0]! - BACKGROUND.r)).toBeLessThan(12);
    expect(Math.abs(mean[1]! - BACKGROUND.g)).toBeLessThan(12);
    expect(Math.abs(mean[2]! - BACKGROUND.b)).toBeLessThan(12);
  });

  it('answers 2020 to a free user, and holds nothing', async () => {
    const { ticket } = await runs.userWithGrade('eraser-free@example.com', 0);
    const image = await runs.upload(ticket, await squareOnGround());
    const mask = await runs.upload(ticket, await maskOverSquare(), 'mask.png');
    const before = await api.credits(ticket);
    const res = await api.call('POST', gateway('erase'), ticket, { images: [image], mask });
    expect(res.code).toBe(2020);
    expect(await api.credits(ticket)).toBe(before);
  });

  it('refuses a missing, empty or misshapen mask in the user’s language before holding credits', async () => {
    const { ticket } = await runs.userWithGrade('eraser-masks@example.com', 2);
    const image = await runs.upload(ticket, await squareOnGround());
    const before = await api.credits(ticket);
    const none = await api.call('POST', gateway('erase'), ticket, { images: [image] });
    expect(none.code).toBe(1001);
    expect(none.message).toContain('mask');
    const black = await runs.upload(ticket, await plain(768, 512, '#000000'), 'black.png');
    const empty = await api.call('POST', gateway('erase'), ticket, {
      images: [image],
      mask: black,
    });
    expect(empty.code).toBe(1001);
    expect(empty.message).toBe(
      'The mask marks nothing: paint over the part of the picture to change',
    );
    const square = await runs.upload(ticket, await maskOverSquare(512, 512), 'square.png');
    const misshapen = await api.call(
      'POST',
      gateway('erase'),
      ticket,
      { images: [image], params: { mask: square } },
      { 'accept-language': 'es' },
    );
    expect(misshapen.code).toBe(1001);
    expect(misshapen.message).toContain('La máscara debe tener la forma de la imagen (768 × 512)');
    // Another user's mask is not this user's to use.
    const other = await runs.userWithGrade('eraser-other@example.com', 2);
    const theirs = await runs.upload(other.ticket, await maskOverSquare(), 'mask.png');
    const stolen = await api.call('POST', gateway('erase'), ticket, {
      images: [image],
      mask: theirs,
    });
    expect(stolen.code).toBe(1001);
    // A mask is for the tools that take one.
    const mask = await runs.upload(ticket, await maskOverSquare(), 'mask.png');
    const upscaleWithMask = await api.call('POST', gateway('upscale'), ticket, {
      images: [image],
      mask,
    });
    expect(upscaleWithMask.code).toBe(1001);
    expect(await api.credits(ticket)).toBe(before);
  });
});

describe('magic expand', () => {
  it('expands a 512×512 picture to 16:9 with the original in the centre', async () => {
    const { ticket } = await runs.userWithGrade('expand-plus@example.com', 2);
    const picture = await squareOnGround().then((p) =>
      sharp(p).extract({ left: 128, top: 0, width: 512, height: 512 }).png().toBuffer(),
    );
    const image = await runs.upload(ticket, picture);
    const submitted = await api.call('POST', gateway('outpaint'), ticket, {
      images: [image],
      params: { wh_ratio: '16:9' },
    });
    expect(submitted.code).toBe(0);
    const result = await runs.waitForFinal(ticket, gateway('outpaint'), submitted.result.task_id);
    expect(result.status).toBe('done');
    const sub = result.sub_task_results[0];
    expect(sub.width / sub.height).toBeCloseTo(16 / 9, 2);
    const out = await raw(await runs.fetchBytes(sub.url));
    // The centre, scaled back to the input's size, is the input.
    const scale = out.info.height / 512;
    const left = Math.round((out.info.width - 512 * scale) / 2);
    const centre = await sharp(out.data, { raw: out.info })
      .extract({ left, top: 0, width: Math.round(512 * scale), height: out.info.height })
      .resize(512, 512)
      .raw()
      .toBuffer();
    const original = (await raw(picture)).data;
    let diff = 0;
    for (let i = 0; i < original.length; i++) diff += Math.abs(centre[i]! - original[i]!);
    expect(diff / original.length).toBeLessThan(4);
  });

  it('expands by pixels per side, and says what is wrong with a request that grows nothing', async () => {
    const { ticket } = await runs.userWithGrade('expand-px@example.com', 2);
    const image = await runs.upload(ticket, await plain(400, 400, '#336699'));
    const submitted = await api.call('POST', gateway('outpaint'), ticket, {
      images: [image],
      params: { expand: { left: 100, right: 0, top: 50, bottom: 50 } },
    });
    expect(submitted.code).toBe(0);
    const result = await runs.waitForFinal(ticket, gateway('outpaint'), submitted.result.task_id);
    expect(result.status).toBe('done');
    expect([result.sub_task_results[0].width, result.sub_task_results[0].height]).toEqual([
      500, 500,
    ]);
    expect(result.request.params.expand).toEqual({ left: 100, right: 0, top: 50, bottom: 50 });

    const nothing = await api.call('POST', gateway('outpaint'), ticket, { images: [image] });
    expect(nothing.code).toBe(1001);
    expect(nothing.message).toContain('16:9');
    const same = await api.call('POST', gateway('outpaint'), ticket, {
      images: [image],
      params: { wh_ratio: '1:1' },
    });
    expect(same.code).toBe(1001);
    const negative = await api.call('POST', gateway('outpaint'), ticket, {
      images: [image],
      params: { expand: { left: -5 } },
    });
    expect(negative.code).toBe(1001);
    expect(negative.message).toContain('params.expand');
  });
});

describe('repaint', () => {
  it('runs on the CPU as a marked preview that keeps the picture outside the mask, counted as an edit', async () => {
    const { ticket } = await runs.userWithGrade('repaint-plus@example.com', 2);
    const picture = await squareOnGround();
    const image = await runs.upload(ticket, picture);
    const mask = await runs.upload(ticket, await maskOverSquare(), 'mask.png');
    const submitted = await api.call('POST', gateway('inpaint'), ticket, {
      images: [image],
      mask,
      prompt: 'a yellow sunflower',
    });
    expect(submitted.code).toBe(0);
    const result = await runs.waitForFinal(ticket, gateway('inpaint'), submitted.result.task_id);
    expect(result.status).toBe('done');
    expect(result.engine).toBe('local-preview');
    expect(result.request.mask).toBe(mask);
    const out = await raw(await runs.fetchBytes(result.sub_task_results[0].url));
    expect([out.info.width, out.info.height]).toEqual([768, 512]);
    const corner = [...out.data.subarray(0, 3)];
    expect(corner).toEqual([BACKGROUND.r, BACKGROUND.g, BACKGROUND.b]);

    const noPrompt = await api.call('POST', gateway('inpaint'), ticket, { images: [image], mask });
    expect(noPrompt.code).toBe(1001);

    // The editing runs count under imageEditor, apart from image generations.
    const times = await api.call('GET', '/prod-api/trade/v1/account/algoTimes', ticket);
    expect(times.result.imageEditor.all).toBe(1);
    expect(times.result.image.all).toBe(0);
  });
});

describe('vector conversion', () => {
  it('traces an SVG with paths and renders it as a PNG, for a free user too', async () => {
    const { ticket } = await runs.userWithGrade('vector-free@example.com', 0);
    const image = await runs.upload(ticket, await squareOnGround());
    const submitted = await api.call('POST', gateway('vectorize'), ticket, {
      images: [image],
      params: { preset: 'posterized' },
    });
    expect(submitted.code).toBe(0);
    const result = await runs.waitForFinal(ticket, gateway('vectorize'), submitted.result.task_id);
    expect(result.status).toBe('done');
    const [svg, png] = result.sub_task_results;
    expect(svg.mime).toBe('image/svg+xml');
    expect(png.mime).toBe('image/png');
    const text = (await runs.fetchBytes(svg.url)).toString('utf8');
    expect(text).toMatch(/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/);
    expect(text).toContain('<path');
    const meta = await sharp(Buffer.from(text)).metadata();
    expect([meta.width, meta.height]).toEqual([768, 512]);
    expect(result.request.params.preset).toBe('posterized');

    const unknown = await api.call('POST', gateway('vectorize'), ticket, {
      images: [image],
      params: { preset: 'watercolour' },
    });
    expect(unknown.code).toBe(1001);
    expect(unknown.message).toContain('params.preset');
  });
});

describe('instruction edit', () => {
  it('does on the CPU what it can do faithfully, and answers vivago’s image_easy_edit', async () => {
    const { ticket } = await runs.userWithGrade('edit-free@example.com', 0);
    const image = await runs.upload(ticket, await squareOnGround());
    const submitted = await api.call('POST', gateway('image_edit'), ticket, {
      images: [image],
      prompt: 'make it black and white',
    });
    expect(submitted.code).toBe(0);
    const result = await runs.waitForFinal(ticket, gateway('image_edit'), submitted.result.task_id);
    expect(result.status).toBe('done');
    const out = await raw(await runs.fetchBytes(result.sub_task_results[0].url));
    const [r, g, b] = [...out.data.subarray(0, 3)];
    expect(Math.abs(r! - g!)).toBeLessThan(3);
    expect(Math.abs(g! - b!)).toBeLessThan(3);

    const vivago = await api.call('POST', '/api/gw/v2/image/image_easy_edit/async', ticket, {
      module: 'image_easy_edit',
      image_uuid: image,
      prompt: 'add a red scarf',
      magic_prompt: '',
      params: { batch_size: 1, seed: -1 },
    });
    expect(vivago.code).toBe(0);
    const easy = await runs.waitForFinal(ticket, gateway('image_edit'), vivago.result.task_id);
    expect(easy.status).toBe('done');
    expect(easy.task_type).toBe('image_edit');
  });
});
