import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { EngineTask } from '../engine';
import { EngineCancelledError } from '../local/cancellation';
import { createLocalEngine } from '../local/local-engine';
import { createFakeIo, settingsFor } from '../local/local-test-support';
import { createBackgroundRemover } from './background-removal';
import { createMlHandlers } from './ml-handlers';

/** A product shot: a red ball with a darker rim on a plain pale studio background. */
function makeProductShot(side: number): Promise<Buffer> {
  const r = side * 0.3;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
    <defs><radialGradient id="b" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#f0604a"/><stop offset="1" stop-color="#8e1b12"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="#e9edf2"/>
    <circle cx="${side / 2}" cy="${side / 2}" r="${r}" fill="url(#b)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Alpha at (x, y) of an RGBA PNG. */
async function alphaAt(png: Buffer, points: [number, number][]): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return points.map(([x, y]) => data[(y * info.width + x) * info.channels + 3] ?? -1);
}

const removeBgTask: EngineTask = {
  id: 't-bg',
  taskType: 'remove_bg',
  settings: settingsFor(),
  inputs: { images: ['shot.png'], videos: [], audios: [] },
};

// One remover for the file: the model loads once per process, as in a worker.
const remover = createBackgroundRemover();

describe('background removal (IS-Net small, onnxruntime)', () => {
  it('makes the plain background transparent and keeps the subject opaque', async () => {
    const engine = createLocalEngine({
      handlers: createMlHandlers({ backgroundRemover: remover }),
    });
    expect(engine.supports('remove_bg')).toBe(true);
    const { io, progress } = createFakeIo({ 'shot.png': await makeProductShot(512) });

    const outputs = await engine.run(removeBgTask, io);
    expect(outputs).toHaveLength(1);
    const [out] = outputs;
    expect(out).toMatchObject({ kind: 'image', mime: 'image/png', width: 512, height: 512 });
    const meta = await sharp(out!.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 512, 512, 4]);

    const corners = await alphaAt(out!.bytes, [
      [4, 4],
      [507, 4],
      [4, 507],
      [507, 507],
    ]);
    for (const alpha of corners) expect(alpha).toBeLessThan(25);
    const [centre] = await alphaAt(out!.bytes, [[256, 256]]);
    expect(centre).toBeGreaterThan(230);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
  }, 60_000);

  it('keeps a transparent input region transparent and honours the EXIF turn', async () => {
    // A 300×200 shot stored sideways (orientation 6): it displays as 200×300.
    const hole = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">' +
          '<rect width="300" height="200" fill="#fff"/><rect x="130" y="80" width="40" height="40" fill="#000"/></svg>',
      ),
    )
      .extractChannel(0)
      .toBuffer();
    const rgb = await sharp(await makeProductShot(300))
      .extract({ left: 0, top: 50, width: 300, height: 200 })
      .removeAlpha()
      .png()
      .toBuffer();
    const shot = await sharp(rgb)
      .joinChannel(hole)
      .png()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await remover(shot);
    expect([out.width, out.height]).toEqual([200, 300]);
    // Stored (x, y) shows at (199 - y, x): the hole in the ball's middle, and the ball above it.
    const [inHole, ball] = await alphaAt(out.bytes, [
      [99, 150],
      [159, 150],
    ]);
    expect(inHole).toBe(0);
    expect(ball).toBeGreaterThan(230);
  }, 60_000);

  it('stops before running the model when the task is already cancelled', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(
      remover(await makeProductShot(64), undefined, abort.signal),
    ).rejects.toBeInstanceOf(EngineCancelledError);
  });

  it('explains what it needs when the bytes are not an image', async () => {
    await expect(remover(Buffer.from('not an image'))).rejects.toThrow(/PNG, JPEG or WebP/);
  });
});
