import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpToolRuns, pixelsAt, plain } from '../../../test/support/tool-runs';

const { api, runs, gateway } = setUpToolRuns();

type Output = { mime: string; url: string; description?: string };

/** A dark bird-like shape on a pale ground: something with edges and a dark mass. */
function referencePicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640">
    <rect width="100%" height="100%" fill="#f4f1ea"/>
    <ellipse cx="320" cy="340" rx="190" ry="120" fill="#222"/>
    <circle cx="470" cy="250" r="70" fill="#333"/>
    <polygon points="530,240 610,260 530,280" fill="#d35400"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('logo studio', () => {
  it('makes a Plus user’s coffee logo as an SVG naming the brand, a transparent PNG and a card mockup, for 1 credit each', async () => {
    const { ticket } = await runs.userWithGrade('logo-plus@example.com', 2);
    const before = await api.credits(ticket);
    const submitted = await api.call('POST', gateway('logo'), ticket, {
      params: { brand: 'Lumen', industry: 'coffee', style: 'minimal' },
    });
    expect(submitted.code).toBe(0);
    expect(submitted.result.cost).toBe(1);
    const result = await runs.waitForFinal(ticket, gateway('logo'), submitted.result.task_id);
    expect(result.status).toBe('done');
    expect(result.task_type).toBe('logo');
    expect(await api.credits(ticket)).toBe(before - 1);

    const outputs = result.sub_task_results as Output[];
    const svgOut = outputs.find((o) => o.mime === 'image/svg+xml');
    expect(svgOut).toBeDefined();
    const svg = (await runs.fetchBytes(svgOut!.url)).toString('utf8');
    expect(svg).toMatch(/^<svg[\s>]/);
    expect(svg).toContain('<title>Lumen</title>');
    expect(svg).toContain('aria-label="Lumen"');
    // The letters are paths (the logo needs no font where it is shown), and the mark is the
    // coffee icon the industry calls for.
    expect(svg).not.toContain('<text');
    expect(svgOut!.description).toMatch(/coffee|cup|mug/);

    const pngs = outputs.filter((o) => o.mime === 'image/png');
    expect(pngs).toHaveLength(2);
    const transparent = await runs.fetchBytes(pngs[0]!.url);
    const [corner] = await pixelsAt(transparent, [[2, 2]]);
    expect(corner?.[3]).toBe(0);
    const mockup = await sharp(await runs.fetchBytes(pngs[1]!.url)).metadata();
    expect(mockup.width).toBeGreaterThan(mockup.height);

    // It is in the user's history like any generation, with the request that made it.
    const history = await api.call('GET', '/prod-api/content/tasks?kind=image', ticket);
    const listed = history.result.data.find(
      (task: { task_id: string }) => task.task_id === submitted.result.task_id,
    );
    expect(listed?.task_type).toBe('logo');
    expect(result.request.params).toMatchObject({
      brand: 'Lumen',
      industry: 'coffee',
      style: 'minimal',
    });
  });

  it('makes one layout per result, and draws a Chinese brand in the CJK face', async () => {
    const { ticket } = await runs.userWithGrade('logo-cjk@example.com', 2);
    const submitted = await api.call('POST', gateway('logo'), ticket, {
      params: {
        brand: '光明咖啡',
        slogan: '每一杯都用心',
        style: 'emblem',
        batch_size: 2,
        colors: ['#335'],
      },
    });
    expect(submitted.code).toBe(0);
    expect(submitted.result.cost).toBe(2);
    const result = await runs.waitForFinal(ticket, gateway('logo'), submitted.result.task_id);
    expect(result.status).toBe('done');
    const svgs = (result.sub_task_results as Output[]).filter((o) => o.mime === 'image/svg+xml');
    expect(svgs).toHaveLength(2);
    expect(svgs[0]!.description).not.toBe(svgs[1]!.description);
    expect(svgs[0]!.description).toContain('Noto Sans SC');
    const svg = (await runs.fetchBytes(svgs[0]!.url)).toString('utf8');
    expect(svg).toContain('<title>光明咖啡</title>');
    expect(svg).toContain('#333355');
  });

  it('refuses a logo without a brand, or with a bad colour or style, in the user’s language and moves no credits', async () => {
    const { ticket } = await runs.userWithGrade('logo-refusals@example.com', 2);
    const before = await api.credits(ticket);
    const none = await api.call('POST', gateway('logo'), ticket, {
      params: { industry: 'coffee' },
    });
    expect(none.code).toBe(1001);
    expect(none.message).toBe('Please enter the brand name for the logo');
    const blank = await api.call(
      'POST',
      gateway('logo'),
      ticket,
      { params: { brand: '   ' } },
      { 'accept-language': 'es' },
    );
    expect(blank.code).toBe(1001);
    expect(blank.message).toBe('Escribe el nombre de la marca para el logotipo');
    const colour = await api.call('POST', gateway('logo'), ticket, {
      params: { brand: 'Lumen', colors: ['red'] },
    });
    expect(colour.code).toBe(1001);
    expect(colour.message).toContain('params.colors');
    const style = await api.call('POST', gateway('logo'), ticket, {
      params: { brand: 'Lumen', style: 'baroque' },
    });
    expect(style.code).toBe(1001);
    expect(style.message).toContain('params.style');
    expect(await api.credits(ticket)).toBe(before);
  });

  it('answers 2020 to a free user (an AI tool is for subscribers) and holds nothing', async () => {
    const { ticket } = await runs.userWithGrade('logo-free@example.com', 0);
    const before = await api.credits(ticket);
    const res = await api.call('POST', gateway('logo'), ticket, { params: { brand: 'Lumen' } });
    expect(res.code).toBe(2020);
    expect(await api.credits(ticket)).toBe(before);
  });
});

describe('tattoo studio', () => {
  it('draws a design from words with its stencil, marked as a preview', async () => {
    const { ticket } = await runs.userWithGrade('tattoo-words@example.com', 2);
    const before = await api.credits(ticket);
    const submitted = await api.call('POST', gateway('tattoo'), ticket, {
      prompt: 'a fox',
      params: { style: 'fine line' },
    });
    expect(submitted.code).toBe(0);
    const result = await runs.waitForFinal(ticket, gateway('tattoo'), submitted.result.task_id);
    expect(result.status).toBe('done');
    expect(await api.credits(ticket)).toBe(before - 1);
    const outputs = result.sub_task_results as Output[];
    expect(outputs.map((o) => o.mime)).toEqual(['image/png', 'image/png', 'image/svg+xml']);
    expect(outputs[0]!.description).toMatch(/^Preview: fine line tattoo design of fox/);
    // The stencil is black lines on white: white at the corner, some black where the fox is.
    const stencil = await sharp(await runs.fetchBytes(outputs[1]!.url))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(stencil.data[0]).toBe(255);
    const black = stencil.data.filter((v) => v < 64).length;
    expect(black).toBeGreaterThan(1000);
    expect(black).toBeLessThan(stencil.data.length * 0.2);
  });

  it('makes a stencil from a reference picture and shows the design on the body photo', async () => {
    const { ticket } = await runs.userWithGrade('tattoo-reference@example.com', 2);
    const reference = await runs.upload(ticket, await referencePicture());
    const skin = await runs.upload(ticket, await plain(800, 600, '#d9a88a'), 'arm.png');
    const submitted = await api.call('POST', gateway('tattoo'), ticket, {
      images: [reference],
      params: { style: 'blackwork', body: skin },
    });
    expect(submitted.code).toBe(0);
    const result = await runs.waitForFinal(ticket, gateway('tattoo'), submitted.result.task_id);
    expect(result.status).toBe('done');
    const outputs = result.sub_task_results as Output[];
    expect(outputs).toHaveLength(4);
    expect(outputs[0]!.description).toBe('blackwork tattoo design from the reference picture');
    const mockup = await runs.fetchBytes(outputs[3]!.url);
    const meta = await sharp(mockup).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
    // Ink darkens the skin in the middle (multiplied), the skin at the edge is as it was.
    const [centre, edge] = await pixelsAt(mockup, [
      [390, 310],
      [20, 20],
    ]);
    expect(centre![0]!).toBeLessThan(120);
    expect(Math.abs(edge![0]! - 0xd9)).toBeLessThan(4);
    // Both pictures are the run's inputs, and the request names the body photo again.
    expect(result.inputs.map((i: { key: string }) => i.key)).toEqual([reference, skin]);
    expect(result.request.params.body).toBe(skin);
    expect(result.request.images).toEqual([reference]);
  });

  it('refuses a tattoo with neither words nor picture, an unknown style or a foreign body photo, and moves no credits', async () => {
    const { ticket } = await runs.userWithGrade('tattoo-refusals@example.com', 2);
    const before = await api.credits(ticket);
    const empty = await api.call(
      'POST',
      gateway('tattoo'),
      ticket,
      { params: { style: 'tribal' } },
      { 'accept-language': 'ja' },
    );
    expect(empty.code).toBe(1001);
    expect(empty.message).toBe('タトゥーの内容を入力するか、参考画像を選んでください');
    const style = await api.call('POST', gateway('tattoo'), ticket, {
      prompt: 'a rose',
      params: { style: 'pointillism' },
    });
    expect(style.code).toBe(1001);
    expect(style.message).toContain('params.style');
    const other = await runs.userWithGrade('tattoo-other@example.com', 2);
    const theirs = await runs.upload(other.ticket, await plain(800, 600, '#d9a88a'), 'arm.png');
    const foreign = await api.call('POST', gateway('tattoo'), ticket, {
      prompt: 'a rose',
      params: { body: theirs },
    });
    expect(foreign.code).not.toBe(0);
    expect(await api.credits(ticket)).toBe(before);
  });

  it('answers 2020 to a free user and holds nothing', async () => {
    const { ticket } = await runs.userWithGrade('tattoo-free@example.com', 0);
    const before = await api.credits(ticket);
    const res = await api.call('POST', gateway('tattoo'), ticket, { prompt: 'a rose' });
    expect(res.code).toBe(2020);
    expect(await api.credits(ticket)).toBe(before);
  });
});
