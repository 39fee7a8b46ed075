import type { TaskType } from '@lumen/contracts/task-types';
import type { EngineIO, EngineOutput, EngineTask } from '../engine';
import type { ProgressReporter } from './cancellation';
import { restyleImages } from './img2img';
import { renderImageTo3d, renderTextTo3d, type Rendered3d } from './preview-3d';
import { renderPreviewImages, seedForIndex, type RenderedImage } from './preview-image';
import {
  renderImageToVideo,
  renderKeyframesVideo,
  renderTextToVideo,
  type RenderedVideo,
  type VideoRunOptions,
} from './preview-video';
import { soundEffectFor } from './sound-effect';
import { withSoundtrack } from './soundtrack';

export type LocalTaskContext = {
  io: EngineIO;
  /** Progress of this task as a fraction 0–1; rejects with EngineCancelledError to stop. */
  report: ProgressReporter;
  /** The task's input image at `index`; fails clearly when the task has fewer. */
  readImage(index: number): Promise<Buffer>;
  /** The editing tools' mask; fails clearly when the task has none. */
  readMask(): Promise<Buffer>;
  video: Pick<VideoRunOptions, 'ffmpegPath' | 'tempDir'>;
};

export type LocalTaskHandler = (task: EngineTask, ctx: LocalTaskContext) => Promise<EngineOutput[]>;

const png = 'image/png';

const imageOutputs = (images: RenderedImage[]): EngineOutput[] =>
  images.map(({ bytes, width, height, seed, description }) => ({
    kind: 'image',
    mime: png,
    bytes,
    width,
    height,
    seed,
    ...(description ? { description } : {}),
  }));

/** A clip, then its poster frame, which the server stores as the clip's thumbnail. */
export const videoOutputs = (v: RenderedVideo): EngineOutput[] => [
  {
    kind: 'video',
    mime: 'video/mp4',
    bytes: v.video,
    width: v.width,
    height: v.height,
    durationS: v.durationS,
    seed: v.seed,
    ...(v.description ? { description: v.description } : {}),
  },
  {
    kind: 'image',
    role: 'poster',
    mime: png,
    bytes: v.poster,
    width: v.width,
    height: v.height,
    seed: v.seed,
  },
];

/**
 * A GLB, then its thumbnail; the model carries the thumbnail's size for card layouts, and
 * both say what shape they show when the prompt named one.
 */
const modelOutputs = (m: Rendered3d): EngineOutput[] => [
  {
    kind: 'model',
    mime: 'model/gltf-binary',
    bytes: m.glb,
    width: m.thumbnailSize,
    height: m.thumbnailSize,
    seed: m.seed,
    ...(m.description ? { description: m.description } : {}),
  },
  {
    kind: 'image',
    role: 'poster',
    mime: png,
    bytes: m.thumbnail,
    width: m.thumbnailSize,
    height: m.thumbnailSize,
    seed: m.seed,
    ...(m.description ? { description: m.description } : {}),
  },
];

/** Runs `make` once per requested output with seed + i, mapping progress into i's share. */
async function perOutput<T>(
  task: EngineTask,
  ctx: LocalTaskContext,
  make: (seed: number, report: ProgressReporter) => Promise<T>,
  toOutputs: (made: T) => EngineOutput[],
): Promise<EngineOutput[]> {
  const { count, seed } = task.settings;
  const outputs: EngineOutput[] = [];
  for (let i = 0; i < count; i++) {
    const made = await make(seedForIndex(seed, i), (f) => ctx.report((i + f) / count));
    outputs.push(...toOutputs(made));
    await ctx.report((i + 1) / count);
  }
  return outputs;
}

const videoRun = (ctx: LocalTaskContext, onProgress: ProgressReporter): VideoRunOptions => ({
  ...ctx.video,
  signal: ctx.io.signal,
  onProgress,
});

/**
 * The per-output step of the video kinds: `render` makes the clip and, when the settings ask
 * for a sound effect, an ambience made for the prompt goes under it (the render then takes
 * 95% of the clip's progress share, as in audio animate).
 */
function renderClipWithSoundEffect(
  task: EngineTask,
  ctx: LocalTaskContext,
  render: (seed: number, run: VideoRunOptions) => Promise<RenderedVideo>,
): (seed: number, report: ProgressReporter) => Promise<RenderedVideo> {
  return async (seed, report) => {
    if (!task.settings.soundEffect) return render(seed, videoRun(ctx, report));
    const clip = await render(
      seed,
      videoRun(ctx, (f) => report(f * 0.95)),
    );
    const { prompt } = task.settings;
    const { wav } = soundEffectFor({ prompt, durationS: clip.durationS }, seed);
    return withSoundtrack(clip, wav, { ...ctx.video, signal: ctx.io.signal });
  };
}

/** The generative kinds the local engine renders as deterministic previews. */
export const localPreviewHandlers = {
  txt2img: async (task, ctx) => imageOutputs(await renderPreviewImages(task.settings, ctx.report)),
  img2img: async (task, ctx) =>
    imageOutputs(await restyleImages(await ctx.readImage(0), task.settings, ctx.report)),
  video_diffusion: (task, ctx) =>
    perOutput(
      task,
      ctx,
      renderClipWithSoundEffect(task, ctx, (seed, run) =>
        renderTextToVideo(task.settings, seed, run),
      ),
      videoOutputs,
    ),
  video_diffusion_img2vid: async (task, ctx) => {
    const image = await ctx.readImage(0);
    return perOutput(
      task,
      ctx,
      renderClipWithSoundEffect(task, ctx, (seed, run) =>
        renderImageToVideo(image, task.settings, seed, run),
      ),
      videoOutputs,
    );
  },
  video_diffusion_keyframes: async (task, ctx) => {
    const [a, b] = await Promise.all([ctx.readImage(0), ctx.readImage(1)]);
    return perOutput(
      task,
      ctx,
      renderClipWithSoundEffect(task, ctx, (seed, run) =>
        renderKeyframesVideo(a, b, task.settings, seed, run),
      ),
      videoOutputs,
    );
  },
  /** Audio animate: the portrait brought to life as image-to-video, with the voice under it. */
  video_diffusion_audio_animate: async (task, ctx) => {
    const soundKey = task.inputs.audios[0];
    if (soundKey === undefined)
      throw new Error('video_diffusion_audio_animate needs an audio input');
    const [image, sound] = await Promise.all([ctx.readImage(0), ctx.io.readInput(soundKey)]);
    return perOutput(
      task,
      ctx,
      async (seed, r) =>
        withSoundtrack(
          await renderImageToVideo(
            image,
            task.settings,
            seed,
            videoRun(ctx, (f) => r(f * 0.95)),
          ),
          sound,
          { ...ctx.video, signal: ctx.io.signal },
        ),
      videoOutputs,
    );
  },
  text_to_3d: (task, ctx) =>
    perOutput(task, ctx, (seed) => renderTextTo3d(task.settings, seed), modelOutputs),
  image_to_3d: async (task, ctx) => {
    const image = await ctx.readImage(0);
    return perOutput(
      task,
      ctx,
      (seed) => renderImageTo3d(image, task.settings, seed),
      modelOutputs,
    );
  },
} satisfies Partial<Record<TaskType, LocalTaskHandler>>;
