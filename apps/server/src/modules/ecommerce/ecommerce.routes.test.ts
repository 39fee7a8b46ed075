import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createToolRuns } from '../../../test/support/tool-runs';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
const runs = createToolRuns(() => ({ t, api }));

beforeAll(async () => {
  t = await createTestApp();
  api = createApiCaller(t);
});
afterAll(() => t.close());

const base = '/prod-api/content/ecommerce/templates';

const body = (name: string) => ({
  name,
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
});

describe('e-commerce templates', () => {
  it('lists the starter set to everyone, then my own; creates, edits and deletes mine', async () => {
    const { ticket } = await api.signIn('shop-templates@example.com');
    const first = await api.call('GET', base, ticket);
    expect(first.code).toBe(0);
    const starters = first.result.data as { id: string; builtin: boolean }[];
    expect(starters.length).toBeGreaterThanOrEqual(3);
    expect(starters.every((s) => s.builtin)).toBe(true);

    const created = await api.call('POST', base, ticket, body('  Honey  '));
    expect(created.code).toBe(0);
    expect(created.result).toMatchObject({ name: 'Honey', builtin: false, ratio: '3:4' });
    const id = created.result.id as string;

    const listed = await api.call('GET', base, ticket);
    expect((listed.result.data as { id: string }[]).map((d) => d.id)).toEqual([
      ...starters.map((s) => s.id),
      id,
    ]);

    const edited = await api.call('PUT', `${base}/${id}`, ticket, {
      ...body('蜂蜜礼盒'),
      ratio: '16:9',
    });
    expect(edited.code).toBe(0);
    expect(edited.result).toMatchObject({ id, name: '蜂蜜礼盒', ratio: '16:9' });

    expect((await api.call('DELETE', `${base}/${id}`, ticket)).code).toBe(0);
    const gone = await api.call('DELETE', `${base}/${id}`, ticket);
    expect(gone.code).toBe(1004);
    expect(gone.msg).toBe('Template not found');
  });

  it('refuses a name outside 2–8 characters in the caller’s language, and stores nothing', async () => {
    const { ticket } = await api.signIn('shop-names@example.com');
    const short = await api.call('POST', base, ticket, body('A'));
    expect(short.code).toBe(1001);
    expect(short.msg).toBe('Template name must be 2–8 characters');
    const long = await api.call('POST', base, ticket, body('Ninechars'), {
      'x-accept-language': 'es',
    });
    expect(long.code).toBe(1001);
    expect(long.msg).toBe('El nombre de la plantilla debe tener entre 2 y 8 caracteres');
    // Eight CJK characters are eight characters, whatever their bytes.
    expect((await api.call('POST', base, ticket, body('八个字的模板名称'))).code).toBe(0);
    const mine = (await api.call('GET', base, ticket)).result.data as { builtin: boolean }[];
    expect(mine.filter((d) => !d.builtin)).toHaveLength(1);
  });

  it('refuses a size, category or colour that is not one, naming the field', async () => {
    const { ticket } = await api.signIn('shop-fields@example.com');
    const noHeight = await api.call('POST', base, ticket, {
      ...body('Box'),
      size: { length: 10, width: 10 },
    });
    expect(noHeight.code).toBe(1001);
    expect(noHeight.msg).toContain('size.height');
    const badColour = await api.call('POST', base, ticket, {
      ...body('Box'),
      scene: { ...body('Box').scene, colors: ['red', '#000'] },
    });
    expect(badColour.code).toBe(1001);
    const badCategory = await api.call('POST', base, ticket, { ...body('Box'), category: 'cars' });
    expect(badCategory.code).toBe(1001);
  });

  it('keeps starters read-only and one user’s templates out of another’s reach', async () => {
    const owner = await api.signIn('shop-owner@example.com');
    const other = await api.signIn('shop-other@example.com');
    const created = await api.call('POST', base, owner.ticket, body('Mine'));
    const id = created.result.id as string;

    const starter = await api.call('PUT', `${base}/starter-studio`, owner.ticket, body('Hack'));
    expect(starter.code).toBe(1003);
    expect(starter.msg).toContain('Starter templates cannot be changed');
    expect((await api.call('DELETE', `${base}/starter-studio`, owner.ticket)).code).toBe(1003);

    expect((await api.call('PUT', `${base}/${id}`, other.ticket, body('Taken'))).code).toBe(1004);
    expect((await api.call('DELETE', `${base}/${id}`, other.ticket)).code).toBe(1004);
    const theirs = (await api.call('GET', base, other.ticket)).result.data as { id: string }[];
    expect(theirs.map((d) => d.id)).not.toContain(id);
    const still = (await api.call('GET', base, owner.ticket)).result.data as { name: string }[];
    expect(still.map((d) => d.name)).toContain('Mine');
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: base });
    expect(res.json().code).toBe(3015);
  });
});

describe('reading the text in a picture', () => {
  it('answers each line with its box in the picture’s pixels', async () => {
    const { ticket } = await api.signIn('shop-ocr@example.com');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
      <rect width="100%" height="100%" fill="#ffffff"/>
      <text x="60" y="140" font-family="DejaVu Sans" font-size="64" font-weight="bold" fill="#111">Summer Sale</text>
      <text x="60" y="300" font-family="DejaVu Sans" font-size="40" fill="#333">Free shipping</text></svg>`;
    const key = await runs.upload(ticket, await sharp(Buffer.from(svg)).png().toBuffer());
    const res = await api.call('POST', '/prod-api/content/ocr', ticket, { key });
    expect(res.code).toBe(0);
    expect(res.result).toMatchObject({ width: 800, height: 500 });
    const lines = res.result.lines as { text: string; box: { x: number; y: number } }[];
    expect(lines.map((l) => l.text)).toEqual(['Summer Sale', 'Free shipping']);
    expect(lines[0]!.box.x).toBeGreaterThan(40);
    expect(lines[0]!.box.x).toBeLessThan(80);
    expect(lines[1]!.box.y).toBeGreaterThan(230);
  }, 60_000);

  it('refuses a picture that is not the caller’s', async () => {
    const owner = await api.signIn('shop-ocr-owner@example.com');
    const other = await api.signIn('shop-ocr-other@example.com');
    const key = await runs.upload(
      owner.ticket,
      await sharp({ create: { width: 400, height: 400, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    const res = await api.call('POST', '/prod-api/content/ocr', other.ticket, { key });
    expect(res.code).toBe(1001);
  });
});
