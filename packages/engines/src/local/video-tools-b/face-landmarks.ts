import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import { loadTf } from '../../ml/tf-runtime';

const require = createRequire(import.meta.url);

type FaceApi = typeof FaceApiModule;

/** A point in pixels of the picture it was found in. */
export type Point = { x: number; y: number };

/**
 * The 68 points of the iBUG 300-W scheme, in pixels: 0–16 the jaw line, 36–41 and 42–47 the
 * eyes, 48–59 the lips' outer edge and 60–67 their inner edge.
 */
export type FaceLandmarks = { score: number; points: Point[] };

/** Finds the most confident face's landmarks in raw RGB pixels, or undefined without one. */
export type LandmarkFinder = (
  rgb: Uint8Array,
  width: number,
  height: number,
) => Promise<FaceLandmarks | undefined>;

let faceApi: Promise<FaceApi> | undefined;

/**
 * face-api's tiny face detector and its 68-point landmark network (350 KB of weights in the
 * package), loaded once per process on TensorFlow.js's wasm backend, as the portrait check
 * loads the detector (ml/face-detector.ts).
 */
function loadFaceApi(): Promise<FaceApi> {
  faceApi ??= (async () => {
    await loadTf();
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    if (!api.nets.tinyFaceDetector.isLoaded) await api.nets.tinyFaceDetector.loadFromDisk(modelDir);
    if (!api.nets.faceLandmark68Net.isLoaded)
      await api.nets.faceLandmark68Net.loadFromDisk(modelDir);
    return api;
  })().catch((error: unknown) => {
    faceApi = undefined;
    throw new Error('Could not load the face landmark model (@vladmandic/face-api)', {
      cause: error,
    });
  });
  return faceApi;
}

/** The landmark finder lip sync uses: 60–120 ms per 512² frame on a 2-core CPU. */
export function createLandmarkFinder(minScore = 0.4): LandmarkFinder {
  return async (rgb, width, height) => {
    const [tf, api] = await Promise.all([loadTf(), loadFaceApi()]);
    const input = tf.tensor3d(Int32Array.from(rgb), [height, width, 3], 'int32');
    try {
      const found = await api
        .detectSingleFace(
          input as unknown as Parameters<FaceApi['detectSingleFace']>[0],
          new api.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: minScore }),
        )
        .withFaceLandmarks();
      if (!found) return undefined;
      return {
        score: found.detection.score,
        points: found.landmarks.positions.map((p) => ({ x: p.x, y: p.y })),
      };
    } finally {
      input.dispose();
    }
  };
}
