import { createRequire } from 'node:module';

/**
 * The few OpenCV calls the editing tools make, typed by hand: the package's own typings come
 * from another project (mirada) and describe a different build than the one it ships.
 */
export interface CvMat {
  rows: number;
  cols: number;
  data: Uint8Array;
  delete(): void;
}

export interface CvSize {
  width: number;
  height: number;
}

export interface OpenCv {
  Mat: new () => CvMat;
  Size: new (width: number, height: number) => CvSize;
  Point: new (x: number, y: number) => unknown;
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): CvMat;
  inpaint(src: CvMat, mask: CvMat, dst: CvMat, radius: number, flags: number): void;
  dilate(src: CvMat, dst: CvMat, kernel: CvMat, anchor: unknown, iterations: number): void;
  getStructuringElement(shape: number, size: CvSize): CvMat;
  CV_8UC1: number;
  CV_8UC3: number;
  INPAINT_TELEA: number;
  INPAINT_NS: number;
  MORPH_ELLIPSE: number;
}

type Loading = { Mat?: unknown; onRuntimeInitialized?: () => void };

/** Held in an object: a promise resolved with the module itself would adopt its `then`. */
export type OpenCvHandle = { cv: OpenCv };

let loaded: Promise<OpenCvHandle> | undefined;

/**
 * OpenCV compiled to WebAssembly (@techstark/opencv-js, about 0.2–0.3 s to start), loaded on
 * the first edit and kept for the process. The module object is a thenable that never
 * settles, so it must not be awaited: its runtime signals readiness through
 * `onRuntimeInitialized`, or has already done so when `Mat` exists.
 */
export function loadOpenCv(): Promise<OpenCvHandle> {
  loaded ??= new Promise<OpenCvHandle>((resolve, reject) => {
    let module: Loading;
    try {
      const require = createRequire(import.meta.url);
      module = require('@techstark/opencv-js') as Loading;
    } catch (error) {
      reject(new Error('Could not load @techstark/opencv-js', { cause: error }));
      return;
    }
    const done = () => resolve({ cv: module as unknown as OpenCv });
    if (module.Mat) done();
    else module.onRuntimeInitialized = done;
  }).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
