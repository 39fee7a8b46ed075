import type { EngineSettings } from '@lumen/contracts/generation';

/**
 * What the video tools' engines share about their inputs, whichever engine runs them: the
 * prompt an effect template runs with, and the one start frame a two-person effect makes.
 */

/** Loaded on first use: a worker that never runs an effect skips sharp's addon. */
async function loadSharp() {
  return (await import('sharp')).default;
}

/** An effect template's prompt, with the user's words after it when there are any. */
export function effectPrompt(settings: EngineSettings): string | undefined {
  if (!settings.effect) return undefined;
  const own = settings.prompt.trim();
  return own ? `${settings.effect.prompt}. ${own}` : settings.effect.prompt;
}

/** Whether a task's pictures go to the model as one side-by-side frame (hug, kiss). */
export function joinsTwoPictures(settings: EngineSettings, pictures: number): boolean {
  return settings.effect?.images === 2 && pictures >= 2;
}

/**
 * The two pictures of a two-person effect (hug, kiss) side by side at one height, as the
 * single start frame an image-to-video graph takes.
 */
export async function sideBySide(left: Buffer, right: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const [a, b] = await Promise.all([
    sharp(left).rotate().metadata(),
    sharp(right).rotate().metadata(),
  ]);
  const height = Math.min(1024, a.height, b.height);
  const scaled = await Promise.all(
    [left, right].map((bytes) =>
      sharp(bytes)
        .rotate()
        .resize({ height })
        .removeAlpha()
        .png()
        .toBuffer({ resolveWithObject: true }),
    ),
  );
  const [first, second] = scaled as [(typeof scaled)[number], (typeof scaled)[number]];
  return sharp({
    create: {
      width: first.info.width + second.info.width,
      height,
      channels: 3,
      background: '#000000',
    },
  })
    .composite([
      { input: first.data, left: 0, top: 0 },
      { input: second.data, left: first.info.width, top: 0 },
    ])
    .png()
    .toBuffer();
}
