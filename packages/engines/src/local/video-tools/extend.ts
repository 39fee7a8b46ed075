import { drawLayer, packLayer, type Layer, type LayerView } from '../frame-sampler';
import { createRng, mixSeeds } from '../prng';
import { bytesOf, encodeFrames, finishClip, openClip, posterPng, readFrames } from './clip';
import { inWorkspace, type VideoToolOptions, type VideoToolResult } from './workspace';
import { estimateMotion, lumaOf, type GlobalMotion, type GreyFrame } from './motion';

export type ExtendSettings = {
  /** Seconds added after the clip's end. */
  durationS: 5 | 10;
  seed: number;
  /** What should happen next; model engines follow it, the CPU continuation does not draw it. */
  prompt?: string;
};

/** Width of the greyscale frames the camera motion is measured on. */
const ANALYSIS_WIDTH = 320;
/** Above this zoom the last frame would be upsampled so far that it goes visibly soft. */
const MAX_ZOOM = 1.6;
/** The sound fades out over this long before the join, so the silence after it does not click. */
const SOUND_FADE_S = 0.4;

/** Where the last frame sits at one moment: scaled by `zoom` about the centre, then shifted. */
type Pose = { tx: number; ty: number; zoom: number };

type Motion = { dx: number; dy: number; zoom: number };

/**
 * The camera path of the extension, frame by frame (index 0 is the first new frame). It
 * starts with the clip's own last motion, so the join has no jolt, and eases into the slow
 * drift and push-in of the image-to-video previews. The last frame has no pixels past its
 * edges, so the zoom never falls below what keeps the shifted frame covering the picture;
 * when the motion would need more zoom than MAX_ZOOM, it eases off sooner.
 */
export function planExtension(
  start: Motion,
  width: number,
  height: number,
  fps: number,
  frameCount: number,
  seed: number,
): Pose[] {
  const speed = Math.hypot(start.dx / width, start.dy / height) * fps;
  const rng = createRng(mixSeeds(seed, 0xe7));
  // The drift carries on in the clip's direction; a still clip gets the previews' seeded one.
  const angle = speed > 0.005 ? Math.atan2(start.dy / height, start.dx / width) : rng.range(0, 7);
  const driftSpeed = Math.min(speed, 0.025) || 0.02;
  const drift = {
    dx: (Math.cos(angle) * driftSpeed * width) / fps,
    dy: (Math.sin(angle) * driftSpeed * height * 0.5) / fps,
    logZoom: 0.04 / fps,
  };
  const startLogZoom = Math.log(Math.max(0.5, start.zoom));
  const halfW = width / 2;
  const halfH = height / 2;
  const simulate = (tauS: number, driftScale: number): Pose[] => {
    const poses: Pose[] = [];
    let tx = 0;
    let ty = 0;
    let logZoom = 0;
    for (let k = 1; k <= frameCount; k++) {
      const fade = Math.exp(-(k - 1) / (tauS * fps));
      const z = Math.exp(drift.logZoom * driftScale * (1 - fade) + startLogZoom * fade);
      tx = z * tx + drift.dx * driftScale * (1 - fade) + start.dx * fade;
      ty = z * ty + drift.dy * driftScale * (1 - fade) + start.dy * fade;
      logZoom += Math.log(z);
      const cover = 1 + Math.max(Math.abs(tx) / halfW, Math.abs(ty) / halfH);
      poses.push({ tx, ty, zoom: Math.max(Math.exp(logZoom), cover) });
    }
    return poses;
  };
  let poses = simulate(2, 1);
  for (let tau = 2, scale = 1; poses.some((p) => p.zoom > MAX_ZOOM);) {
    if (tau > 0.15) tau *= 0.7;
    else scale *= 0.7;
    poses = simulate(tau, scale);
    if (scale < 0.01) break;
  }
  return poses;
}

/** The view into the last frame that shows it at `pose` (see frame-sampler's LayerView). */
function viewAt(pose: Pose, width: number, height: number): LayerView {
  const cx = width / 2;
  const cy = height / 2;
  const x0 = cx - (cx + pose.tx) / pose.zoom;
  const y0 = cy - (cy + pose.ty) / pose.zoom;
  // drawLayer samples x0 + (x + ½)·scale − ½; the pose maps pixel centres, hence the ½ terms.
  return { x0, y0, scale: 1 / pose.zoom };
}

/** The clip's last camera motion per frame, in its own pixels, from its last few frames. */
function lastMotion(grey: GreyFrame[], gap: number, scale: number): Motion {
  const b = grey[grey.length - 1];
  const a = grey[grey.length - 1 - gap];
  if (!a || !b || gap < 1) return { dx: 0, dy: 0, zoom: 1 };
  const found: GlobalMotion = estimateMotion(a, b, 16);
  // With few blocks agreeing, the picture is mostly things moving on their own: hold still.
  if (found.confidence < 0.35) return { dx: 0, dy: 0, zoom: 1 };
  return {
    dx: (found.dx * scale) / gap,
    dy: (found.dy * scale) / gap,
    zoom: found.zoom ** (1 / gap),
  };
}

function describeMotion(m: Motion, width: number, height: number, fps: number): string {
  const parts: string[] = [];
  const sx = (m.dx / width) * fps;
  const sy = (m.dy / height) * fps;
  // The picture sliding right means the camera turns left, and so on.
  if (Math.abs(sx) > 0.01) parts.push(sx > 0 ? 'panning left' : 'panning right');
  if (Math.abs(sy) > 0.01) parts.push(sy > 0 ? 'tilting up' : 'tilting down');
  const zs = Math.log(m.zoom) * fps;
  if (Math.abs(zs) > 0.01) parts.push(zs > 0 ? 'zooming in' : 'zooming out');
  return parts.length ? parts.join(' and ') : 'holding still';
}

/**
 * Video extend on the CPU: the whole clip, then its last frame carried on for `durationS`
 * more seconds with the camera motion measured over the clip's last frames, easing into a
 * slow drift and push-in. The new frames start from the exact last frame moving as it moved,
 * so there is no cut; size, frame rate and colour encoding are the clip's throughout. The
 * sound is kept and fades out just before the join; the extension is silent.
 */
export async function extendVideo(
  video: Buffer,
  settings: ExtendSettings,
  options: VideoToolOptions = {},
): Promise<VideoToolResult> {
  return inWorkspace(options, async (space) => {
    const clip = await openClip(space, video);
    const { width, height, fps } = clip;
    const analysisWidth = Math.min(ANALYSIS_WIDTH, width);
    const analysisHeight = Math.max(2, Math.round((height * analysisWidth) / width));
    const gap = Math.max(1, Math.round(fps / 8));
    const recent: GreyFrame[] = [];
    let count = 0;
    const small = { clip, width: analysisWidth, height: analysisHeight, fps };
    for await (const frame of readFrames(space, space.path('in.mp4'), small)) {
      recent.push({ width: analysisWidth, height: analysisHeight, data: lumaOf(frame) });
      if (recent.length > gap + 1) recent.shift();
      count++;
    }
    await options.report?.(0.15);
    const motion = lastMotion(recent, Math.min(gap, recent.length - 1), width / analysisWidth);
    const added = Math.round(settings.durationS * fps);
    const poses = planExtension(motion, width, height, fps, added, settings.seed);

    const frames = readFrames(space, space.path('in.mp4'), { clip, width, height, fps });
    let last: Uint32Array | undefined;
    let layer: Layer | undefined;
    let first: Uint8Array | undefined;
    try {
      await encodeFrames(space, 'picture.mp4', {
        width,
        height,
        fps,
        frameCount: count + added,
        progress: [0.15, 0.95],
        frame: async (index, out) => {
          if (index < count) {
            const next = await frames.next();
            if (!next.done) bytesOf(out).set(next.value);
            else if (last) out.set(last);
            if (index === 0) first = Uint8Array.from(bytesOf(out));
            if (index === count - 1) last = Uint32Array.from(out);
            return;
          }
          layer ??= { ...packLayer(width, height, bytesOf(last ?? out), 4), opaque: true };
          const pose = poses[index - count] ?? { tx: 0, ty: 0, zoom: 1 };
          drawLayer(out, width, height, layer, viewAt(pose, width, height));
        },
      });
    } finally {
      await frames.return(undefined);
    }
    const durationS = (count + added) / fps;
    const clipS = count / fps;
    const fadeStart = Math.max(0, clipS - SOUND_FADE_S);
    const result = await finishClip(space, {
      picture: 'picture.mp4',
      source: space.path('in.mp4'),
      hasAudio: clip.hasAudio,
      durationS,
      filters: `atrim=0:${clipS.toFixed(3)},afade=t=out:st=${fadeStart.toFixed(3)}:d=${SOUND_FADE_S}`,
    });
    await options.report?.(1);
    return {
      video: result,
      poster: await posterPng(first ?? new Uint8Array(width * height * 4), width, height),
      width,
      height,
      durationS,
      description:
        `The ${clipS.toFixed(1)} s clip extended by ${settings.durationS} s: its last frame ` +
        `carries on ${describeMotion(motion, width, height, fps)}, then eases into a slow ` +
        `push-in; things in the picture hold still in the extension` +
        (clip.hasAudio ? ', and the sound fades out at the join.' : '.'),
    };
  });
}
