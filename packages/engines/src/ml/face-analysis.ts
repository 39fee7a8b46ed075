import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { loadFaceApi, type FaceApi } from './face-detector';
import { loadTf } from './tf-runtime';

const require = createRequire(import.meta.url);

export type Point = { x: number; y: number };

/** A face in a decoded picture: where it is, its eyes, and its 128-number descriptor. */
export type AnalysedFace = {
  score: number;
  /** The face's box in pixels of the decoded picture. */
  box: { x: number; y: number; width: number; height: number };
  /** The eye on the picture's left (the person's right) and the one on its right, in pixels. */
  leftEye: Point;
  rightEye: Point;
  /** face-api's face recognition descriptor: two pictures of one person lie within about 0.6. */
  descriptor: number[];
};

/** A picture decoded to RGB as the analysis saw it, with the faces found in it. */
export type FaceAnalysis = {
  rgb: Buffer;
  width: number;
  height: number;
  faces: AnalysedFace[];
};

/** Pictures are analysed at most this long side: the descriptor network sees 150² faces. */
const ANALYSIS_SIDE = 1024;

let extraNets: Promise<FaceApi> | undefined;

/**
 * face-api with the tiny landmark net (80 KB) and the face recognition net (6.2 MB), both in
 * the package's `model/` folder beside the detector's weights; loaded once per process.
 */
function loadAnalysisNets(): Promise<FaceApi> {
  extraNets ??= (async () => {
    const api = await loadFaceApi();
    const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await Promise.all([
      api.nets.faceLandmark68TinyNet.loadFromDisk(modelDir),
      api.nets.faceRecognitionNet.loadFromDisk(modelDir),
    ]);
    return api;
  })().catch((error: unknown) => {
    extraNets = undefined;
    throw new Error(
      'Could not load the face landmark and recognition nets (@vladmandic/face-api)',
      {
        cause: error,
      },
    );
  });
  return extraNets;
}

const mean = (points: readonly Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

/**
 * Finds the faces of a PNG/JPEG/WebP with their eyes (68-point landmarks) and descriptors,
 * most confident first. The picture is decoded upright (EXIF) on white, at most 1024 px.
 */
export async function analyseFaces(image: Buffer, minScore = 0.5): Promise<FaceAnalysis> {
  const { data, info } = await sharp(image)
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(ANALYSIS_SIDE, ANALYSIS_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const [tf, api] = await Promise.all([loadTf(), loadAnalysisNets()]);
  const input = tf.tensor3d(Int32Array.from(data), [info.height, info.width, 3], 'int32');
  try {
    const found = await api
      .detectAllFaces(
        input as unknown as Parameters<FaceApi['detectAllFaces']>[0],
        new api.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: minScore }),
      )
      .withFaceLandmarks(true)
      .withFaceDescriptors();
    const faces = found
      .map((face): AnalysedFace => {
        const points = face.landmarks.positions.map((p) => ({ x: p.x, y: p.y }));
        const box = face.detection.box;
        return {
          score: face.detection.score,
          box: { x: box.x, y: box.y, width: box.width, height: box.height },
          // The 68-point layout: 36–41 outline the eye on the picture's left, 42–47 the other.
          leftEye: mean(points.slice(36, 42)),
          rightEye: mean(points.slice(42, 48)),
          descriptor: Array.from(face.descriptor),
        };
      })
      .sort((a, b) => b.score - a.score);
    return { rgb: data, width: info.width, height: info.height, faces };
  } finally {
    input.dispose();
  }
}

/** Euclidean distance of two descriptors; face-api's threshold for one person is 0.6. */
export function descriptorDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return Math.sqrt(sum);
}

/** The average of several descriptors of one person: the character's descriptor. */
export function meanDescriptor(descriptors: readonly (readonly number[])[]): number[] {
  const length = descriptors[0]?.length ?? 0;
  const out = new Array<number>(length).fill(0);
  for (const d of descriptors)
    for (let i = 0; i < length; i++) out[i]! += (d[i] ?? 0) / descriptors.length;
  return out;
}
