import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawPng } from '../edit/edit-test-support';
import { extractFrame, probeStreams, probeVideo } from '../local-test-support';
import { motionBrush, trackPoint } from './motion-brush';

const W = 480;
const H = 270;

/** Centre of the strongly red pixels of a frame, in pixels, and how many there are. */
async function redCentre(png: Buffer): Promise<{ x: number; y: number; count: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sx = 0;
  let sy = 0;
  let count = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (r > 150 && g < 90 && b < 90) {
        sx += x;
        sy += y;
        count++;
      }
    }
  }
  return { x: sx / Math.max(1, count), y: sy / Math.max(1, count), count };
}

const ground = '<rect width="100%" height="100%" fill="#8fb3d9"/>';
const disc = (cx: number, cy: number) => `<circle cx="${cx}" cy="${cy}" r="40" fill="#d01818"/>`;
const brush = (cx: number, cy: number) =>
  drawPng(
    W,
    H,
    `<rect width="100%" height="100%" fill="#000"/><circle cx="${cx}" cy="${cy}" r="46" fill="#fff"/>`,
  );

describe('motion brush', () => {
  it('carries a brushed red disc from left to right and fills where it was', async () => {
    const picture = await drawPng(W, H, ground + disc(100, 135));
    const progress: number[] = [];
    const clip = await motionBrush(
      picture,
      [
        {
          mask: await brush(100, 135),
          track: [
            [100 / W, 0.5],
            [0.5, 0.45],
            [380 / W, 0.5],
          ],
        },
      ],
      { durationS: 2, fps: 12, report: async (f) => void progress.push(f) },
    );
    expect(probeStreams(clip.video)).toEqual({ video: 'h264' });
    const probed = probeVideo(clip.video);
    expect([probed.width, probed.height, probed.frames, probed.pixFmt]).toEqual([
      W,
      H,
      24,
      'yuv420p',
    ]);
    expect([clip.width, clip.height, clip.durationS]).toEqual([W, H, 2]);
    const first = await redCentre(extractFrame(clip.video, 0));
    const last = await redCentre(extractFrame(clip.video, 23));
    expect(first.x).toBeGreaterThan(85);
    expect(first.x).toBeLessThan(115);
    expect(last.x).toBeGreaterThan(first.x + 200);
    expect(Math.abs(last.y - 135)).toBeLessThan(10);
    // The disc moved whole: about as many red pixels at the end as at the start.
    expect(last.count).toBeGreaterThan(first.count * 0.8);
    // Where the disc stood, the last frame shows the ground, not a red ghost.
    const { data } = await sharp(extractFrame(clip.video, 23))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (135 * W + 100) * 3;
    expect(Math.abs(data[at]! - 0x8f)).toBeLessThan(20);
    expect(Math.abs(data[at + 2]! - 0xd9)).toBeLessThan(20);
    expect((await sharp(clip.poster).metadata()).format).toBe('png');
    expect(clip.description).toMatch(/1 area moved/);
    expect(progress.at(-1)).toBe(1);
  }, 60_000);

  it('moves several areas each along its own track', async () => {
    const picture = await drawPng(
      W,
      H,
      ground + disc(100, 80) + '<rect x="330" y="150" width="80" height="80" fill="#18a018"/>',
    );
    const square = await drawPng(
      W,
      H,
      '<rect width="100%" height="100%" fill="#000"/><rect x="324" y="144" width="92" height="92" fill="#fff"/>',
    );
    const clip = await motionBrush(
      picture,
      [
        {
          mask: await brush(100, 80),
          track: [
            [100 / W, 80 / H],
            [100 / W, 200 / H],
          ],
        },
        {
          mask: square,
          track: [
            [0.77, 0.7],
            [0.45, 0.7],
          ],
        },
      ],
      { durationS: 1, fps: 10 },
    );
    const last = extractFrame(clip.video, 9);
    const red = await redCentre(last);
    expect(red.y).toBeGreaterThan(180);
    expect(Math.abs(red.x - 100)).toBeLessThan(10);
    const { data } = await sharp(last).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // The green square's centre went from x 370 to about 370 − 0.32·W ≈ 216.
    const g = (190 * W + 216) * 3;
    expect(data[g + 1]!).toBeGreaterThan(120);
    expect(data[g]!).toBeLessThan(80);
  }, 60_000);

  it('follows a smooth curve through every track point', () => {
    const track: [number, number][] = [
      [0, 0],
      [0.5, 0.5],
      [1, 0],
    ];
    expect(trackPoint(track, 0)).toEqual([0, 0]);
    expect(trackPoint(track, 1)).toEqual([1, 0]);
    const middle = trackPoint(track, 0.5);
    expect(middle[0]).toBeCloseTo(0.5, 5);
    expect(middle[1]).toBeCloseTo(0.5, 5);
    // Between points the curve bulges past the straight chord (no corner at the middle).
    expect(trackPoint(track, 0.4)[1]).toBeGreaterThan(0.4);
  });

  it('refuses no areas, a one-point track and a track outside the picture', async () => {
    const picture = await drawPng(W, H, ground + disc(100, 135));
    const mask = await brush(100, 135);
    const opts = { durationS: 1, fps: 8 };
    await expect(motionBrush(picture, [], opts)).rejects.toMatchObject({ problem: 'bad_track' });
    await expect(motionBrush(picture, [{ mask, track: [[0.2, 0.5]] }], opts)).rejects.toMatchObject(
      {
        problem: 'bad_track',
      },
    );
    await expect(
      motionBrush(
        picture,
        [
          {
            mask,
            track: [
              [0.2, 0.5],
              [1.4, 0.5],
            ],
          },
        ],
        opts,
      ),
    ).rejects.toMatchObject({ problem: 'bad_track' });
    await expect(
      motionBrush(
        Buffer.from('not a picture'),
        [
          {
            mask,
            track: [
              [0.2, 0.5],
              [0.4, 0.5],
            ],
          },
        ],
        opts,
      ),
    ).rejects.toMatchObject({ problem: 'unreadable_image' });
  });
});
