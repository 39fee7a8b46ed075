import { describe, expect, it } from 'vitest';
import { createFaceDetector } from './face-detector';
import { makeFacelessPicture, readGroupPhoto, readPortraitPhoto } from './face-test-support';

const detect = createFaceDetector();

describe('face detection (face-api tiny face detector on tfjs wasm)', () => {
  it('finds the one face of a head-and-shoulders photo, where it is', async () => {
    const faces = await detect(await readPortraitPhoto());
    expect(faces).toHaveLength(1);
    const [face] = faces;
    expect(face!.score).toBeGreaterThan(0.7);
    // The face sits in the left half of the crop, upper middle.
    expect(face!.x + face!.width / 2).toBeGreaterThan(0.25);
    expect(face!.x + face!.width / 2).toBeLessThan(0.6);
    expect(face!.y + face!.height / 2).toBeGreaterThan(0.35);
    expect(face!.y + face!.height / 2).toBeLessThan(0.75);
  });

  it('counts the three faces of a group photo', async () => {
    expect(await detect(await readGroupPhoto())).toHaveLength(3);
  });

  it('finds no face in a drawing of a ball', async () => {
    expect(await detect(await makeFacelessPicture())).toEqual([]);
  });

  it('explains what it needs when the bytes are not an image', async () => {
    await expect(detect(Buffer.from('not an image'))).rejects.toThrow(/PNG, JPEG or WebP/);
  });
});
