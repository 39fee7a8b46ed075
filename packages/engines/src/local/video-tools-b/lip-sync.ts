import sharp from 'sharp';
import { checkpoint, EditInputError, flattenPicture, readPicture } from '../edit/edit-image';
import { drawLayer, packLayer } from '../frame-sampler';
import { createRng, mixSeeds } from '../prng';
import { viewOf } from '../video-layers';
import { openClipFrames, type ClipFrames } from './clip-frames';
import { createLandmarkFinder, type LandmarkFinder, type Point } from './face-landmarks';
import { closeEyes, faceGeometry, warpMouth, type FaceGeometry } from './mouth-warp';
import { decodeAudio, mouthTrack, type MouthTrack } from './speech-motion';
import { encodeToolClip, evenSize, type VideoToolOptions, type VideoToolResult } from './tool-clip';

/** Who speaks: a portrait picture, or a clip of the speaker (lip sync takes 1:1, ≤ 15 s). */
export type LipSyncFace = { image: Buffer } | { video: Buffer };

export type LipSyncOptions = VideoToolOptions & {
  /** Frames per second of the result (default 25). */
  fps?: number;
  /** Longest side of the result (default 1024 for a picture, 720 for a clip). */
  maxSide?: number;
  /** How a held picture moves: slight sway (default), or livelier with nods on loud words. */
  headMotion?: 'gentle' | 'lively';
  /** Finds the face's 68 points; face-api's networks unless given. */
  findLandmarks?: LandmarkFinder;
};

/** The longest result: a voice track longer than this is cut. */
const MAX_DURATION_S = 60;
/** The longest stretch of a clip used; shorter voice tracks trim it, longer ones loop it. */
const MAX_CLIP_S = 15;

let sharedFinder: LandmarkFinder | undefined;

/** Eyelid closure per frame: a blink every 2.5–5 s, 0.08 s closing and 0.14 s opening. */
function blinkCurve(frameCount: number, fps: number): Float32Array {
  const rng = createRng(mixSeeds(frameCount, 0xb1));
  const out = new Float32Array(frameCount);
  for (let t = rng.range(0.8, 2.5); t < frameCount / fps; t += rng.range(2.5, 5)) {
    for (let f = Math.floor((t - 0.1) * fps); f <= Math.ceil((t + 0.2) * fps); f++) {
      if (f < 0 || f >= frameCount) continue;
      const dt = f / fps - t;
      const c = dt < 0 ? 1 + dt / 0.08 : 1 - dt / 0.14;
      out[f] = Math.max(out[f]!, Math.max(0, Math.min(1, c)));
    }
  }
  return out;
}

/** Landmarks found every few frames of a clip, interpolated between finds. */
async function trackClip(
  frames: ClipFrames,
  used: number,
  fps: number,
  find: LandmarkFinder,
  opts: VideoToolOptions,
): Promise<(index: number) => Point[]> {
  const step = Math.max(1, Math.round(fps / 5));
  const rgb = new Uint8Array(frames.width * frames.height * 3);
  const found: Array<{ index: number; points: Point[] }> = [];
  for (let i = 0; i < used; i += step) {
    await frames.read(i, rgb);
    const face = await find(rgb, frames.width, frames.height);
    if (face) found.push({ index: i, points: face.points });
    await checkpoint(opts, 0.05 + (0.25 * i) / used);
  }
  if (found.length === 0) throw new EditInputError('no_face', 'No face was found in the clip');
  return (index) => {
    const after = found.findIndex((f) => f.index >= index);
    if (after <= 0) return (found[after === 0 ? 0 : found.length - 1] ?? found[0]!).points;
    const a = found[after - 1]!;
    const b = found[after]!;
    const w = (index - a.index) / (b.index - a.index);
    return a.points.map((p, k) => ({
      x: p.x + (b.points[k]!.x - p.x) * w,
      y: p.y + (b.points[k]!.y - p.y) * w,
    }));
  };
}

function packInto(out: Uint32Array, rgb: Uint8Array): void {
  for (let p = 0, i = 0; p < out.length; p++, i += 3) {
    out[p] = (rgb[i]! | (rgb[i + 1]! << 8) | (rgb[i + 2]! << 16) | 0xff000000) >>> 0;
  }
}

function describe(track: MouthTrack, still: boolean, durationS: number): string {
  const speaking =
    track.viseme.filter((v) => v !== 'closed').length / Math.max(1, track.viseme.length);
  const base = still
    ? 'a held picture with gentle head motion and blinks'
    : 'the clip, looped or trimmed to the voice';
  return (
    `Lip sync (preview quality): the mouth opened and shaped from the voice's loudness and ` +
    `tone (${Math.round(speaking * 100)} % of frames speaking) on ${base}, ${durationS.toFixed(1)} s`
  );
}

/**
 * Lip sync on the CPU: the voice decides, frame by frame, how far the jaw drops and whether
 * the mouth is open, rounded or shut (speech-motion.ts); the face's landmarks place the warp
 * (mouth-warp.ts). The result lasts as long as the voice, which is laid under it.
 */
export async function lipSync(
  input: { face: LipSyncFace; audio: Buffer },
  opts: LipSyncOptions = {},
): Promise<VideoToolResult> {
  const fps = opts.fps ?? 25;
  const find = opts.findLandmarks ?? (sharedFinder ??= createLandmarkFinder());
  const audio = await decodeAudio(input.audio, opts);
  const frameCount = Math.max(2, Math.ceil(Math.min(audio.durationS, MAX_DURATION_S) * fps));
  const track = mouthTrack(audio, fps, frameCount);
  await checkpoint(opts, 0.05);
  if ('image' in input.face) {
    return lipSyncPicture(input.face.image, input.audio, track, frameCount, fps, find, opts);
  }
  const frames = await openClipFrames(
    input.face.video,
    { fps, maxSide: opts.maxSide ?? 720, maxDurationS: MAX_CLIP_S },
    opts,
  );
  try {
    const { width, height } = frames;
    const pointsAt = await trackClip(frames, Math.min(frames.count, frameCount), fps, find, opts);
    const src = new Uint8Array(width * height * 3);
    const work = new Uint8Array(width * height * 3);
    const clip = await encodeToolClip(
      {
        width,
        height,
        fps,
        frameCount,
        audio: input.audio,
        progressFrom: 0.3,
        renderFrame: async (i, out) => {
          await frames.read(i, src);
          work.set(src);
          const face = faceGeometry(pointsAt(i % frames.count));
          warpMouth(src, work, width, height, face, {
            open: track.open[i]!,
            viseme: track.viseme[i]!,
            blink: 0,
          });
          packInto(out, work);
        },
      },
      opts,
    );
    return { ...clip, description: describe(track, false, clip.durationS) };
  } finally {
    await frames.close();
  }
}

async function lipSyncPicture(
  image: Buffer,
  audio: Buffer,
  track: MouthTrack,
  frameCount: number,
  fps: number,
  find: LandmarkFinder,
  opts: LipSyncOptions,
): Promise<VideoToolResult> {
  const picture = flattenPicture(await readPicture(image));
  const size = evenSize(picture.width, picture.height, opts.maxSide ?? 1024);
  const { width, height } = size;
  const rgb = await sharp(picture.rgb, {
    raw: { width: picture.width, height: picture.height, channels: 3 },
  })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const landmarks = await find(rgb, width, height);
  if (!landmarks) throw new EditInputError('no_face', 'No face was found in the picture');
  const face: FaceGeometry = faceGeometry(landmarks.points);
  await checkpoint(opts, 0.2);
  const blinks = blinkCurve(frameCount, fps);
  const lively = opts.headMotion === 'lively' ? 2 : 1;
  const work = new Uint8Array(rgb.length);
  let nod = 0;
  const clip = await encodeToolClip(
    {
      width,
      height,
      fps,
      frameCount,
      audio,
      progressFrom: 0.2,
      renderFrame: (i, out) => {
        work.set(rgb);
        const pose = { open: track.open[i]!, viseme: track.viseme[i]!, blink: blinks[i]! };
        warpMouth(rgb, work, width, height, face, pose);
        closeEyes(rgb, work, width, height, face, pose.blink);
        const layer = packLayer(width, height, work, 3);
        // Slow, unrelated sways read as breathing and attention; nods follow loud words.
        const t = i / fps;
        nod += (pose.open - nod) * 0.15;
        const camera = {
          cx: 0.5 + 0.004 * lively * Math.sin((2 * Math.PI * t) / 3.7 + 0.6),
          cy: 0.5 + 0.003 * lively * Math.sin((2 * Math.PI * t) / 4.3) - 0.004 * lively * nod,
          zoom: 1.035 + 0.008 * lively * Math.sin((2 * Math.PI * t) / 5.3),
        };
        const shear = 0.006 * lively * Math.sin((2 * Math.PI * t) / 6.1);
        drawLayer(out, width, height, layer, viewOf(camera, layer, size, 0, shear));
      },
    },
    opts,
  );
  return { ...clip, description: describe(track, true, clip.durationS) };
}

/**
 * Audio animate: a portrait speaking or singing a voice track, with livelier head motion
 * than lip sync's held picture (sways and nods on loud words) and blinks.
 */
export function talkingPortrait(
  image: Buffer,
  audio: Buffer,
  opts: LipSyncOptions = {},
): Promise<VideoToolResult> {
  return lipSync({ face: { image }, audio }, { headMotion: 'lively', ...opts });
}
