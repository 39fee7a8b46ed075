import { videoStyles, type VideoStyle } from '@lumen/contracts/generation';
import type { EngineOutput, EngineTask } from '../engine';
import type { BackgroundRemover } from '../ml/background-removal';
import type { Upscaler } from '../ml/upscale';
import { parseRatio, videoSize } from './dimensions';
import { EditInputError } from './edit/edit-input-error';
import { localPreviewHandlers, type LocalTaskContext, type LocalTaskHandler } from './local-tasks';
import { speak } from './speech/speak';
import { effectVideo } from './video-tools/effects';
import { extendVideo } from './video-tools/extend';
import { stylizeVideo } from './video-tools/stylize';
import { upscaleVideo } from './video-tools/upscale-video';
import { elementsVideo } from './video-tools-b/elements';
import { lipSync, talkingPortrait } from './video-tools-b/lip-sync';
import { motionBrush } from './video-tools-b/motion-brush';

type Made = {
  video: Buffer;
  poster: Buffer;
  width: number;
  height: number;
  durationS: number;
  description: string;
};

/** A clip, then its poster frame, which the server stores as the clip's thumbnail. */
const clipOutputs = (made: Made, task: EngineTask): EngineOutput[] => [
  {
    kind: 'video',
    mime: 'video/mp4',
    bytes: made.video,
    width: made.width,
    height: made.height,
    durationS: made.durationS,
    seed: task.settings.seed,
    description: made.description,
  },
  {
    kind: 'image',
    role: 'poster',
    mime: 'image/png',
    bytes: made.poster,
    width: made.width,
    height: made.height,
    seed: task.settings.seed,
  },
];

const runOptions = (ctx: LocalTaskContext) => ({
  report: ctx.report,
  signal: ctx.io.signal,
  ...(ctx.video.ffmpegPath ? { ffmpegPath: ctx.video.ffmpegPath } : {}),
  ...(ctx.video.tempDir ? { tempDir: ctx.video.tempDir } : {}),
});

function inputOf(task: EngineTask, ctx: LocalTaskContext, group: 'videos' | 'audios', index = 0) {
  const key = task.inputs[group][index];
  if (key === undefined)
    throw new EditInputError('unreadable_video', `${task.taskType} needs ${group}`);
  return ctx.io.readInput(key);
}

async function masksOf(task: EngineTask, ctx: LocalTaskContext): Promise<Buffer[]> {
  return Promise.all((task.inputs.masks ?? []).map((key) => ctx.io.readInput(key)));
}

/**
 * The video tools on the CPU, with the shipped models they lean on: the cut-out (effects,
 * multi-image video) and ESRGAN (4K). Extend, 4K, the magic brush and lip sync do the real
 * thing; stylize, effects and multi-image video are marked previews where a model is needed.
 */
export function createVideoHandlers(deps: {
  backgroundRemover?: BackgroundRemover;
  upscaler?: Upscaler;
}): Record<
  | 'video_extend'
  | 'video_creative_upscaler'
  | 'video_stylize'
  | 'video_motion_brush'
  | 'mouth_speech'
  | 'video_diffusion_multi_img2vid'
  | 'video_diffusion_img2vid'
  | 'video_diffusion_audio_animate',
  LocalTaskHandler
> {
  const remover = deps.backgroundRemover;
  const cutOut = remover
    ? { removeBackground: async (png: Buffer) => (await remover(png)).bytes }
    : {};
  return {
    video_extend: async (task, ctx) => {
      const durationS = task.settings.durationS >= 10 ? 10 : 5;
      const { seed, prompt } = task.settings;
      const made = await extendVideo(
        await inputOf(task, ctx, 'videos'),
        { durationS, seed, prompt },
        runOptions(ctx),
      );
      return clipOutputs(made, task);
    },
    video_creative_upscaler: async (task, ctx) => {
      const made = await upscaleVideo(
        await inputOf(task, ctx, 'videos'),
        { longSide: 3840 },
        { ...runOptions(ctx), ...(deps.upscaler ? { upscaler: deps.upscaler } : {}) },
      );
      return clipOutputs(made, task);
    },
    video_stylize: async (task, ctx) => {
      const style = task.settings.style as VideoStyle;
      if (!videoStyles.includes(style)) {
        throw new EditInputError('unknown_option', `There is no video style named ${style}`);
      }
      const made = await stylizeVideo(await inputOf(task, ctx, 'videos'), style, runOptions(ctx));
      return clipOutputs(made, task);
    },
    video_motion_brush: async (task, ctx) => {
      const areas = task.settings.motionBrush?.areas ?? [];
      const masks = await masksOf(task, ctx);
      const image = await ctx.readImage(0);
      const made = await motionBrush(
        image,
        areas.map((area, i) => ({ mask: masks[i] ?? Buffer.alloc(0), track: area.track })),
        { durationS: task.settings.durationS, fps: task.settings.fps, ...runOptions(ctx) },
      );
      return clipOutputs(made, task);
    },
    mouth_speech: async (task, ctx) => {
      const face = task.inputs.videos[0]
        ? { video: await inputOf(task, ctx, 'videos') }
        : { image: await ctx.readImage(0) };
      const { speech } = task.settings;
      const audio = speech
        ? (await speak(speech.text, speech.voice)).wav
        : await inputOf(task, ctx, 'audios');
      return clipOutputs(await lipSync({ face, audio }, runOptions(ctx)), task);
    },
    video_diffusion_multi_img2vid: async (task, ctx) => {
      const images = await Promise.all(task.inputs.images.map((_, i) => ctx.readImage(i)));
      const { width, height } = videoSize(
        parseRatio(task.settings.ratio),
        task.settings.resolution,
      );
      const made = await elementsVideo(images, task.settings.prompt, {
        seed: task.settings.seed,
        durationS: task.settings.durationS,
        width,
        height,
        ...runOptions(ctx),
        ...(remover ? { removeBackground: remover } : {}),
      });
      return clipOutputs(made, task);
    },
    /** With an effect template, the effect; otherwise the image-to-video preview. */
    video_diffusion_img2vid: async (task, ctx) => {
      const effect = task.settings.effect;
      if (!effect) return localPreviewHandlers.video_diffusion_img2vid(task, ctx);
      const images = await Promise.all(task.inputs.images.map((_, i) => ctx.readImage(i)));
      const made = await effectVideo(
        images,
        effect,
        { seed: task.settings.seed, durationS: task.settings.durationS, fps: task.settings.fps },
        { ...runOptions(ctx), ...cutOut },
      );
      return clipOutputs(made, task);
    },
    /** Audio animate: the portrait speaks the voice track, with head motion and blinks. */
    video_diffusion_audio_animate: async (task, ctx) => {
      const made = await talkingPortrait(
        await ctx.readImage(0),
        await inputOf(task, ctx, 'audios'),
        runOptions(ctx),
      );
      return clipOutputs(made, task);
    },
  };
}
