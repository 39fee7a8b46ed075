import type { EngineOutput } from '../engine';
import type { EditResult } from '../local/edit/edit-image';
import type { LocalTaskHandler } from '../local/local-tasks';
import { seedForIndex } from '../local/preview-image';
import { makePortrait } from '../local/studio/portrait';
import { tryOnGarment } from '../local/studio/try-on';
import { createLandmarkFinder, type LandmarkFinder } from '../local/video-tools-b/face-landmarks';
import { portraitStyleOf, tryOnCategoryOf } from '../studio-prompts';
import type { BackgroundRemover } from './background-removal';
import { createPoseFinder, type PoseFinder } from './body-pose';

export type StudioHandlersOptions = {
  backgroundRemover: BackgroundRemover;
  /** Defaults to face-api's 68-point landmarks. */
  landmarkFinder?: LandmarkFinder;
  /** Defaults to MoveNet Lightning from @vladmandic/human's models. */
  poseFinder?: PoseFinder;
};

const pictureOutput = (made: EditResult, seed: number): EngineOutput => ({
  kind: 'image',
  mime: 'image/png',
  bytes: made.bytes,
  width: made.width,
  height: made.height,
  seed,
  description: made.description,
});

/**
 * The portrait and try-on studios on the CPU, with the models shipped in npm packages: face
 * landmarks for the alignment, IS-Net for the cut-outs, MoveNet for the body pose. Each
 * portrait of a run is its own take (the next seed: another backdrop tint and framing).
 */
export function createStudioHandlers(
  options: StudioHandlersOptions,
): Record<'portrait' | 'try_on', LocalTaskHandler> {
  const cutOut = options.backgroundRemover;
  let landmarks = options.landmarkFinder;
  let pose = options.poseFinder;
  return {
    portrait: async (task, ctx) => {
      const photo = await ctx.readImage(0);
      const findLandmarks = (landmarks ??= createLandmarkFinder());
      const { count, ratio, size } = task.settings;
      const outputs: EngineOutput[] = [];
      for (let i = 0; i < count; i++) {
        const seed = seedForIndex(task.settings.seed, i);
        const made = await makePortrait(
          photo,
          { style: portraitStyleOf(task.settings), ratio, size, seed },
          { findLandmarks, cutOut },
          { report: (f) => ctx.report((i + f) / count), signal: ctx.io.signal },
        );
        outputs.push(pictureOutput(made, seed));
      }
      return outputs;
    },
    try_on: async (task, ctx) => {
      const [person, garment] = await Promise.all([ctx.readImage(0), ctx.readImage(1)]);
      const made = await tryOnGarment(
        person,
        garment,
        tryOnCategoryOf(task.settings),
        { findPose: (pose ??= createPoseFinder()), cutOut },
        { report: ctx.report, signal: ctx.io.signal },
      );
      return [pictureOutput(made, task.settings.seed)];
    },
  };
}
