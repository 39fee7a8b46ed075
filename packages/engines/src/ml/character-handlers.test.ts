import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { EngineOutput } from '../engine';
import {
  alignFace,
  cleanCell,
  EYE_DISTANCE,
  EYE_LINE_Y,
  readSheetInfo,
  SHEET_CELL,
} from '../local/character/reference-sheet';
import { createLocalEngine } from '../local/local-engine';
import { makeIo, makeTask } from '../comfyui/test-support';
import { probeVideo } from '../local/local-test-support';
import { createMlHandlers } from './ml-handlers';
import { analyseFaces, descriptorDistance } from './face-analysis';
import {
  makeFacelessPicture,
  readCharacterPhotos,
  readOtherPersonPhoto,
} from './face-test-support';

/** The eye line's slope in degrees, positive when it falls to the picture's right. */
const angleOf = (face: { leftEye: { x: number; y: number }; rightEye: { x: number; y: number } }) =>
  (Math.atan2(face.rightEye.y - face.leftEye.y, face.rightEye.x - face.leftEye.x) * 180) / Math.PI;

const engine = createLocalEngine({ handlers: createMlHandlers() });
const refs = ['ref/1.jpg', 'ref/2.jpg', 'ref/3.jpg', 'ref/4.jpg', 'ref/5.jpg'];

async function createSheet(pictures: Buffer[]): Promise<EngineOutput[]> {
  const inputs = Object.fromEntries(pictures.map((bytes, i) => [refs[i]!, bytes]));
  return engine.run(
    makeTask('character_create', {}, refs.slice(0, pictures.length)),
    makeIo(inputs),
  );
}

describe('character creation on the CPU', () => {
  it('aligns five photos of one face by the eyes on a sheet that carries the descriptor', async () => {
    const photos = await readCharacterPhotos();
    const [sheet, ...rest] = await createSheet(photos);

    expect(rest).toEqual([]);
    expect(sheet).toMatchObject({ kind: 'image', mime: 'image/png', width: 5 * SHEET_CELL });
    expect(sheet!.description).toBe('Reference sheet: 5 faces aligned by the eyes');
    const info = readSheetInfo(sheet!.bytes);
    expect(info).toMatchObject({ cell: SHEET_CELL, count: 5 });

    // The descriptor is this person's: close to a photo of them, far from someone else's.
    const own = (await analyseFaces(photos[0]!)).faces[0]!.descriptor;
    const other = (await analyseFaces(await readOtherPersonPhoto())).faces[0]!.descriptor;
    expect(descriptorDistance(info.descriptor, own)).toBeLessThan(0.4);
    expect(descriptorDistance(info.descriptor, other)).toBeGreaterThan(0.55);

    // The cells show the faces level, their eyes where the alignment put them. The detector's
    // tiny landmark net wanders by several degrees and pixels from one picture to the next, so
    // the middle value over the cells is checked (the turned face below checks one face).
    const tilts: number[] = [];
    const distances: number[] = [];
    const lines: number[] = [];
    for (let i = 0; i < 5; i++) {
      const cell = await sharp(sheet!.bytes)
        .extract({ left: i * SHEET_CELL, top: 0, width: SHEET_CELL, height: SHEET_CELL })
        .resize(512)
        .png()
        .toBuffer();
      const [face] = (await analyseFaces(cell, 0.3)).faces;
      if (!face) continue;
      const scale = 512 / SHEET_CELL;
      tilts.push(Math.abs(angleOf(face)));
      distances.push((face.rightEye.x - face.leftEye.x) / scale / SHEET_CELL);
      lines.push((face.leftEye.y + face.rightEye.y) / 2 / scale / SHEET_CELL);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    expect(tilts.length).toBeGreaterThanOrEqual(4);
    expect(median(tilts)).toBeLessThan(6);
    expect(median(distances)).toBeCloseTo(EYE_DISTANCE, 1);
    expect(median(lines)).toBeCloseTo(EYE_LINE_Y, 1);
  }, 120_000);

  it('levels a face turned by 25°', async () => {
    const [photo] = await readCharacterPhotos();
    const turned = await sharp(photo).rotate(25, { background: '#808080' }).png().toBuffer();
    const before = (await analyseFaces(turned)).faces[0]!;
    expect(angleOf(before)).toBeGreaterThan(20);
    const analysis = await analyseFaces(turned);
    const cell = cleanCell(alignFace({ ...analysis, ...analysis.faces[0]! }));
    const png = await sharp(cell, { raw: { width: SHEET_CELL, height: SHEET_CELL, channels: 3 } })
      .resize(512)
      .png()
      .toBuffer();
    const after = (await analyseFaces(png, 0.3)).faces[0]!;
    expect(Math.abs(angleOf(after))).toBeLessThan(8);
  }, 120_000);

  it('fails naming a picture that shows no face', async () => {
    const photos = await readCharacterPhotos();
    photos[3] = await makeFacelessPicture(400);
    await expect(createSheet(photos)).rejects.toThrow(/Reference picture 4 shows 0 faces/);
  }, 120_000);
});

describe('character image and video on the CPU', () => {
  it('draws the prompt with the character’s face on its subject, marked preview', async () => {
    const photos = await readCharacterPhotos();
    const [sheet] = await createSheet(photos);
    const inputs = { 'ref/1.jpg': photos[0]!, 'out/sheet.png': sheet!.bytes };
    const outputs = await engine.run(
      makeTask('character_image', { prompt: 'a person in a garden', count: 2, size: 512 }, [
        'ref/1.jpg',
        'out/sheet.png',
      ]),
      makeIo(inputs),
    );

    expect(outputs).toHaveLength(2);
    expect(outputs[0]!.description).toMatch(/^Preview: .* with the character's face/);
    expect(outputs[0]!.seed).not.toBe(outputs[1]!.seed);
    // The face is really there: the detector finds it, and it is the character's.
    const found = await analyseFaces(outputs[0]!.bytes, 0.3);
    expect(found.faces.length).toBeGreaterThanOrEqual(1);
    const info = readSheetInfo(sheet!.bytes);
    expect(descriptorDistance(found.faces[0]!.descriptor, info.descriptor)).toBeLessThan(0.6);
  }, 120_000);

  it('animates the character into a clip with its poster', async () => {
    const photos = await readCharacterPhotos();
    const [sheet] = await createSheet(photos);
    const outputs = await engine.run(
      makeTask(
        'character_video',
        { prompt: '', durationS: 2, resolution: '360p', fps: 12, ratio: '16:9' },
        ['ref/1.jpg', 'out/sheet.png'],
      ),
      makeIo({ 'ref/1.jpg': photos[0]!, 'out/sheet.png': sheet!.bytes }),
    );

    expect(outputs.map((o) => [o.kind, o.role])).toEqual([
      ['video', undefined],
      ['image', 'poster'],
    ]);
    expect(outputs[0]!.description).toMatch(/^Preview clip: /);
    const probed = probeVideo(outputs[0]!.bytes);
    expect(probed.durationS).toBeCloseTo(2, 0);
  }, 180_000);
});
