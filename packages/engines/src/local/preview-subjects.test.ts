import { describe, expect, it } from 'vitest';
import type { EngineTask } from '../engine';
import { createLocalEngine } from './local-engine';
import { createFakeIo, meanAbsDiff, settingsFor } from './local-test-support';
import { buildPreviewScene } from './preview-image';
import { renderTextToVideo } from './preview-video';
import { drawSubjectSprites, renderSubjectSprites } from './subjects/sprites';

const engine = createLocalEngine();

/** One 1024 px txt2img output of the local engine, as a caller of the engine gets it. */
async function render(prompt: string, seed: number) {
  const task: EngineTask = {
    id: `task-${seed}`,
    taskType: 'txt2img',
    settings: settingsFor({ prompt, seed, size: 1024, ratio: '1:1' }),
    inputs: { images: [], videos: [], audios: [] },
  };
  const [output] = await engine.run(task, createFakeIo().io);
  if (!output) throw new Error('no output');
  return output;
}

describe('previews follow the prompt', () => {
  it('draws what the prompt names: a fox differs from an owl and a book far more than two seeds of the fox', async () => {
    for (const seed of [5, 42]) {
      const fox = await render('a red fox sitting in a snowy forest', seed);
      const owl = await render('一只在书上的猫头鹰', seed);
      const foxAgain = await render('a red fox sitting in a snowy forest', seed + 1);
      const betweenPrompts = await meanAbsDiff(fox.bytes, owl.bytes);
      const betweenSeeds = await meanAbsDiff(fox.bytes, foxAgain.bytes);
      expect(betweenPrompts).toBeGreaterThanOrEqual(2 * betweenSeeds);
      expect(fox.description).toBe('a fox');
      expect(foxAgain.description).toBe('a fox');
      expect(owl.description).toMatch(/\bowl\b/);
      expect(owl.description).toMatch(/\bbooks?\b/);
    }
  }, 60_000);

  it('names the landscape when the prompt names nothing it can draw', async () => {
    expect((await render('somewhere quiet at dusk', 1)).description).toBe('a landscape at dusk');
    expect((await render('a lighthouse at dusk', 1)).description).toBe('a lighthouse');
  }, 30_000);

  it('puts the subjects in a video and names them', async () => {
    const settings = settingsFor({
      prompt: 'two cats and a dog',
      resolution: '360p',
      durationS: 1,
      fps: 8,
      ratio: '16:9',
    });
    const clip = await renderTextToVideo(settings, 3);
    expect(clip.description).toBe('two cats and a dog');
    const meadow = await renderTextToVideo({ ...settings, prompt: 'a quiet meadow' }, 3);
    expect(meadow.description).toBe('a meadow landscape');
  }, 60_000);

  it('moves a video’s subjects with the camera, each with a small motion of its own', async () => {
    const size = { width: 320, height: 180 };
    const scene = buildPreviewScene(settingsFor({ prompt: 'an owl', ratio: '16:9' }), 9);
    expect(scene.subjects.map((s) => s.subject.label)).toEqual(['owl']);
    const sprites = await renderSubjectSprites(scene, size, 1);
    const boxAt = (cx: number, u: number) => {
      const out = new Uint32Array(size.width * size.height);
      drawSubjectSprites(out, size, sprites, { cx, cy: 0.5, zoom: 1 }, u, 1);
      let [left, right, top, bottom] = [size.width, 0, size.height, 0];
      out.forEach((px, i) => {
        if (px >>> 24 < 128) return;
        const [x, y] = [i % size.width, Math.floor(i / size.width)];
        [left, right] = [Math.min(left, x), Math.max(right, x)];
        [top, bottom] = [Math.min(top, y), Math.max(bottom, y)];
      });
      return { left, right, top, bottom };
    };
    const still = boxAt(0.5, 0);
    expect(still.right - still.left).toBeGreaterThan(40);
    // The camera moves a tenth of the frame to the right: the owl moves as far to the left.
    const panned = boxAt(0.6, 0);
    expect(still.left - panned.left).toBeGreaterThan(28);
    expect(still.left - panned.left).toBeLessThan(36);
    // A quarter of its cycle later, without the camera moving, it has bobbed a little.
    const later = boxAt(0.5, 0.25);
    const moved = Math.abs(later.top - still.top) + Math.abs(later.left - still.left);
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThan(8);
  });
});
