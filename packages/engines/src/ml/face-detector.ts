import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import { loadTf } from './tf-runtime';

const require = createRequire(import.meta.url);

export type FaceApi = typeof FaceApiModule;

/** A face found in a picture: the detector's confidence and its box as fractions 0–1. */
export type DetectedFace = { score: number; x: number; y: number; width: number; height: number };

/** Finds the faces in a PNG/JPEG/WebP, most confident first. */
export type FaceDetector = (image: Buffer) => Promise<DetectedFace[]>;

export type FaceDetectorOptions = {
  /** Least confidence that counts as a face (the detector's own default is 0.5). */
  minScore?: number;
  /** Side of the square the network looks at, a multiple of 32: larger finds smaller faces. */
  inputSize?: number;
};

/** Pictures are shrunk to this longest side first: the network sees at most 608² anyway. */
const DECODE_SIDE = 1024;

let faceApi: Promise<FaceApi> | undefined;

/**
 * Loads face-api's tiny face detector (190 KB of weights in the package's `model/` folder)
 * once per process. The node-wasm build takes TensorFlow.js and its wasm backend from
 * `require`, which are the same module instances `loadTf` started, so it runs on wasm too.
 */
export function loadFaceApi(): Promise<FaceApi> {
  faceApi ??= (async () => {
    await loadTf();
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await api.nets.tinyFaceDetector.loadFromDisk(modelDir);
    return api;
  })().catch((error: unknown) => {
    faceApi = undefined;
    throw new Error('Could not load the face detector (@vladmandic/face-api, tiny face detector)', {
      cause: error,
    });
  });
  return faceApi;
}

async function toRgb(image: Buffer): Promise<{ rgb: Buffer; width: number; height: number }> {
  try {
    // Upright as shown (EXIF), transparency on white, at most DECODE_SIDE px: boxes are
    // answered as fractions, so the shrink does not show in them.
    const { data, info } = await sharp(image)
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize(DECODE_SIDE, DECODE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { rgb: data, width: info.width, height: info.height };
  } catch (error) {
    throw new Error('Face detection needs a PNG, JPEG or WebP image; these bytes do not decode', {
      cause: error,
    });
  }
}

/**
 * Creates a detector for the portrait checks (spec §5: lip sync and character video need a
 * clear portrait). The tiny face detector takes 100–150 ms per picture on a 2-core CPU.
 */
export function createFaceDetector(options: FaceDetectorOptions = {}): FaceDetector {
  const minScore = options.minScore ?? 0.5;
  const inputSize = options.inputSize ?? 416;
  return async (image) => {
    const pixels = await toRgb(image);
    const [tf, api] = await Promise.all([loadTf(), loadFaceApi()]);
    const input = tf.tensor3d(
      Int32Array.from(pixels.rgb),
      [pixels.height, pixels.width, 3],
      'int32',
    );
    try {
      const found = await api.detectAllFaces(
        input as unknown as Parameters<FaceApi['detectAllFaces']>[0],
        new api.TinyFaceDetectorOptions({ inputSize, scoreThreshold: minScore }),
      );
      return found
        .map((face) => {
          const box = face.relativeBox;
          return { score: face.score, x: box.x, y: box.y, width: box.width, height: box.height };
        })
        .sort((a, b) => b.score - a.score);
    } finally {
      input.dispose();
    }
  };
}
