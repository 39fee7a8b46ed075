import { describe, expect, it } from 'vitest';
import { restyleImage } from './img2img';
import { makeTestPhoto, meanAbsDiff, settingsFor } from './local-test-support';

describe('img2img', () => {
  it('keeps the input aspect ratio with the longest side = size', async () => {
    const input = await makeTestPhoto(640, 480);
    const out = await restyleImage(input, settingsFor({ size: 320, style: 'anime' }), 1);
    expect([out.width, out.height]).toEqual([320, 240]);
  });

  it('changes the picture more as strength rises, for every kind of treatment', async () => {
    const input = await makeTestPhoto(400, 300);
    for (const style of ['cartoon', 'ink_wash', 'watercolor']) {
      const diffs = [];
      for (const strength of [0, 0.3, 0.9]) {
        const out = await restyleImage(input, settingsFor({ size: 256, strength, style }), 4);
        diffs.push(await meanAbsDiff(input, out.bytes));
      }
      const [none = 0, low = 0, high = 0] = diffs;
      expect(none).toBeLessThan(2.5);
      expect(low).toBeGreaterThan(none);
      expect(high).toBeGreaterThan(low + 5);
    }
  });

  it('is deterministic', async () => {
    const input = await makeTestPhoto(300, 300);
    const settings = settingsFor({ size: 256, style: 'van_gogh' });
    const [a, b] = await Promise.all([
      restyleImage(input, settings, 9),
      restyleImage(input, settings, 9),
    ]);
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });
});
