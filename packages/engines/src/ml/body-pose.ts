import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type * as tfNamespace from '@tensorflow/tfjs';
import { loadTf, toModelArtifacts } from './tf-runtime';

const require = createRequire(import.meta.url);

/** MoveNet's 17 COCO keypoints, in the order the network answers them. */
export const bodyKeypointNames = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;
export type BodyKeypointName = (typeof bodyKeypointNames)[number];

/** A keypoint in pixels of the picture, with the network's confidence 0–1. */
export type BodyKeypoint = { x: number; y: number; score: number };
export type BodyPose = Record<BodyKeypointName, BodyKeypoint>;

/** Finds one person's pose in a PNG/JPEG (EXIF-upright), in that picture's pixels. */
export type PoseFinder = (image: Buffer) => Promise<BodyPose>;

/** MoveNet Lightning looks at a 192² square. */
const INPUT_SIDE = 192;

let model: Promise<tfNamespace.GraphModel> | undefined;

/**
 * MoveNet SinglePose Lightning (Google, Apache-2.0), as @vladmandic/human ships it in its
 * `models/` folder (4.6 MB), loaded from disk once per process on TensorFlow.js's wasm backend.
 * The library itself is not run: its own loader fetches models over HTTP and brings a second
 * copy of TensorFlow.js; the graph alone is all the try-on needs.
 */
function loadModel(): Promise<tfNamespace.GraphModel> {
  model ??= (async () => {
    const tf = await loadTf();
    // The package exports neither its package.json nor its models: its main file, resolved
    // but not loaded, finds the folder beside it.
    const dist = dirname(require.resolve('@vladmandic/human'));
    const dir = join(dist, '..', 'models');
    const json = JSON.parse(
      await readFile(join(dir, 'movenet-lightning.json'), 'utf8'),
    ) as tfNamespace.io.ModelJSON;
    const shards = await Promise.all(
      json.weightsManifest.flatMap((group) => group.paths).map((p) => readFile(join(dir, p))),
    );
    return tf.loadGraphModel(
      tf.io.fromMemory(
        toModelArtifacts(
          json,
          shards.map((s) => new Uint8Array(s)),
        ),
      ),
    );
  })().catch((error: unknown) => {
    model = undefined;
    throw new Error('Could not load the body pose model (MoveNet Lightning)', { cause: error });
  });
  return model;
}

/**
 * The body pose finder the try-on uses: the picture is letterboxed onto a square (so the
 * body keeps its proportions) and its keypoints mapped back to the picture's pixels.
 * About 30–60 ms a picture on a 2-core CPU once loaded.
 */
export function createPoseFinder(): PoseFinder {
  return async (image) => {
    const meta = await sharp(image).metadata();
    // EXIF orientations 5–8 turn the picture a quarter: its upright sides swap.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    const side = Math.max(width, height);
    const pixels = await sharp(image)
      .rotate()
      .flatten({ background: '#000000' })
      .toColourspace('srgb')
      .resize(INPUT_SIDE, INPUT_SIDE, { fit: 'contain', position: 'left top', background: '#000' })
      .removeAlpha()
      .raw()
      .toBuffer();
    const [tf, net] = await Promise.all([loadTf(), loadModel()]);
    const input = tf.tensor4d(Int32Array.from(pixels), [1, INPUT_SIDE, INPUT_SIDE, 3], 'int32');
    try {
      const output = net.execute(input) as tfNamespace.Tensor;
      const values = await output.data();
      output.dispose();
      const pose = {} as BodyPose;
      bodyKeypointNames.forEach((name, i) => {
        pose[name] = {
          y: values[i * 3]! * side,
          x: values[i * 3 + 1]! * side,
          score: values[i * 3 + 2]!,
        };
      });
      return pose;
    } finally {
      input.dispose();
    }
  };
}
