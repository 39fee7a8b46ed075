import sharp from 'sharp';
import { effectTemplates, effectVideo, type EffectKey } from './effects';
import type { VideoToolOptions } from './workspace';

/** How long a template's preview loop runs, seconds: enough to see the effect happen. */
export const EFFECT_PREVIEW_SECONDS = 3;
const PREVIEW_FPS = 16;

/**
 * A drawn head-and-shoulders figure, the picture a template's preview clip is made from. It is
 * drawn rather than photographed so that no real person appears in every visitor's grid; the
 * two figures differ in colours so the two-person effects show two people.
 */
function figureSvg(palette: { ground: [string, string]; skin: string; hair: string; top: string }) {
  const [from, to] = palette.ground;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="576" height="720">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="576" height="720" fill="url(#g)"/>
  <circle cx="470" cy="120" r="46" fill="#ffffff" opacity="0.35"/>
  <path d="M88 720 C100 560 190 500 288 500 C386 500 476 560 488 720 Z" fill="${palette.top}"/>
  <rect x="254" y="420" width="68" height="100" rx="30" fill="${palette.skin}"/>
  <ellipse cx="288" cy="330" rx="118" ry="142" fill="${palette.skin}"/>
  <path d="M168 320 C160 200 230 168 290 168 C360 168 420 210 410 320 C392 250 330 236 288 236 C240 236 186 256 168 320 Z" fill="${palette.hair}"/>
  <ellipse cx="244" cy="330" rx="12" ry="15" fill="#2b2b33"/>
  <ellipse cx="332" cy="330" rx="12" ry="15" fill="#2b2b33"/>
  <path d="M246 398 Q288 430 330 398" stroke="#9b3b3b" stroke-width="9" fill="none" stroke-linecap="round"/>
  <ellipse cx="220" cy="376" rx="20" ry="11" fill="#e88f8f" opacity="0.45"/>
  <ellipse cx="356" cy="376" rx="20" ry="11" fill="#e88f8f" opacity="0.45"/>
</svg>`;
}

const figures = [
  { ground: ['#bfd8f2', '#eef4fb'], skin: '#f1c7a4', hair: '#4a3426', top: '#2f6fd0' },
  { ground: ['#f6d3df', '#fbeff3'], skin: '#d9a27c', hair: '#1f1a1a', top: '#d2456e' },
] as const satisfies Parameters<typeof figureSvg>[0][];

/** The shipped sample pictures: one figure, or two for the two-person templates. */
export function effectSamplePictures(count: 1 | 2): Promise<Buffer[]> {
  return Promise.all(
    figures.slice(0, count).map((figure) =>
      sharp(Buffer.from(figureSvg(figure)))
        .png()
        .toBuffer(),
    ),
  );
}

/** Whether this engine can show a template (the twelve it knows). */
export function isPreviewableEffect(key: string): key is EffectKey {
  return Object.hasOwn(effectTemplates, key);
}

/**
 * A template's preview clip: the CPU engine's own rendering of the effect on the sample
 * figure(s), three seconds long at 360p (a grid tile needs no more, and it is made four times
 * faster than at 720p), with its poster frame. It is the same transform a user's run on
 * the CPU makes (marked PREVIEW), so the grid shows what the template does rather than a still.
 */
export async function renderEffectPreview(
  key: EffectKey,
  options: VideoToolOptions = {},
): Promise<{ video: Buffer; poster: Buffer }> {
  const pictures = await effectSamplePictures(effectTemplates[key].pictures);
  const clip = await effectVideo(
    pictures,
    { key, prompt: '' },
    { seed: 7, durationS: EFFECT_PREVIEW_SECONDS, fps: PREVIEW_FPS, resolution: '360p' },
    options,
  );
  const poster = await sharp(clip.poster).jpeg({ quality: 80 }).toBuffer();
  return { video: clip.video, poster };
}
