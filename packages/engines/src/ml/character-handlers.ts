import sharp, { type OverlayOptions } from 'sharp';
import type { EngineSettings } from '@lumen/contracts/generation';
import type { EngineOutput, EngineTask } from '../engine';
import { imageSize, parseRatio } from '../local/dimensions';
import {
  alignFace,
  cleanCell,
  firstSheetFace,
  makeReferenceSheet,
  SHEET_CELL,
} from '../local/character/reference-sheet';
import type { LocalTaskContext, LocalTaskHandler } from '../local/local-tasks';
import { videoOutputs } from '../local/local-tasks';
import {
  buildPreviewScene,
  encodePreviewPng,
  renderScenePixels,
  seedForIndex,
} from '../local/preview-image';
import { renderImageToVideo } from '../local/preview-video';
import { describePreview } from '../local/subjects/describe';
import { analyseFaces, descriptorDistance, meanDescriptor } from './face-analysis';

/** What a character's picture shows when the prompt names no one: the character alone. */
const DEFAULT_CHARACTER_PROMPT = 'a person';

/**
 * Character creation on the CPU: each reference picture's face found with its eyes and
 * descriptor (face-api), the descriptors averaged into the character's, and the faces
 * aligned by the eyes, cleaned and laid out on one sheet, most typical first. A picture
 * without exactly one face fails the run, naming the picture (the workshop checks them before
 * queueing, so this is only met by pictures changed since).
 */
export const createCharacter: LocalTaskHandler = async (task, ctx) => {
  const count = task.inputs.images.length;
  const found: { face: Parameters<typeof alignFace>[0]; descriptor: number[] }[] = [];
  for (let i = 0; i < count; i++) {
    const analysis = await analyseFaces(await ctx.readImage(i));
    const [face, ...others] = analysis.faces;
    if (!face || others.length > 0) {
      throw new Error(
        `Reference picture ${i + 1} shows ${analysis.faces.length} faces; a character needs exactly one`,
      );
    }
    found.push({ face: { ...analysis, ...face }, descriptor: face.descriptor });
    await ctx.report(((i + 1) / count) * 0.8);
  }
  const descriptor = meanDescriptor(found.map((f) => f.descriptor));
  const typicalFirst = [...found].sort(
    (a, b) =>
      descriptorDistance(a.descriptor, descriptor) - descriptorDistance(b.descriptor, descriptor),
  );
  const cells = typicalFirst.map((f) => cleanCell(alignFace(f.face)));
  const sheet = await makeReferenceSheet(cells, descriptor);
  return [
    {
      kind: 'image',
      mime: 'image/png',
      bytes: sheet.png,
      width: sheet.width,
      height: sheet.height,
      description: `Reference sheet: ${count} faces aligned by the eyes`,
    },
  ];
};

/** The character's reference sheet: the task's last picture (the references come first). */
async function readSheet(task: EngineTask, ctx: LocalTaskContext): Promise<Buffer> {
  return ctx.readImage(task.inputs.images.length - 1);
}

/** The face in an oval with a soft edge, `side` px across, as PNG with alpha. */
async function faceOval(face: Buffer, side: number): Promise<Buffer> {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHEET_CELL}" height="${SHEET_CELL}">
      <defs><filter id="f"><feGaussianBlur stdDeviation="6"/></filter></defs>
      <ellipse cx="${SHEET_CELL / 2}" cy="${SHEET_CELL * 0.46}" rx="${SHEET_CELL * 0.33}"
        ry="${SHEET_CELL * 0.42}" fill="#fff" filter="url(#f)"/></svg>`,
  );
  // sharp resizes before it composites within one pipeline, so the oval is cut first.
  const oval = await sharp(face)
    .ensureAlpha()
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
  return sharp(oval).resize(side, side).png().toBuffer();
}

/**
 * Shoulders and a neck under a face drawn as a portrait (when the scene has no subject to put
 * it on), in the picture's size; `neckTop` is where the chin ends.
 */
function bustSvg(
  size: { width: number; height: number },
  centreX: number,
  neckTop: number,
  face: number,
): Buffer {
  const neck = face * 0.14;
  const shoulderY = neckTop + face * 0.2;
  const half = face * 0.85;
  const path = [
    `M ${centreX - half} ${size.height}`,
    `C ${centreX - half} ${shoulderY + face * 0.1} ${centreX - half * 0.7} ${shoulderY} ${centreX - neck} ${shoulderY}`,
    `L ${centreX - neck * 0.8} ${neckTop} L ${centreX + neck * 0.8} ${neckTop}`,
    `L ${centreX + neck} ${shoulderY}`,
    `C ${centreX + half * 0.7} ${shoulderY} ${centreX + half} ${shoulderY + face * 0.1} ${centreX + half} ${size.height} Z`,
  ].join(' ');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
      <path d="${path}" fill="#3d4a5c"/></svg>`,
  );
}

type CharacterStill = { bytes: Buffer; width: number; height: number; description: string };

/**
 * A preview of the prompt with the character's face on its subject: the scene drawn as
 * text to image draws it, the main subject's head covered by the aligned face from the sheet.
 */
export async function renderCharacterStill(
  settings: Pick<EngineSettings, 'prompt' | 'style' | 'model' | 'ratio' | 'size'>,
  face: Buffer,
  seed: number,
  mark = true,
): Promise<CharacterStill> {
  const prompt = settings.prompt.trim() || DEFAULT_CHARACTER_PROMPT;
  let scene = buildPreviewScene({ ...settings, prompt }, seed);
  if (scene.subjects.length === 0) {
    scene = buildPreviewScene(
      { ...settings, prompt: `${DEFAULT_CHARACTER_PROMPT}, ${prompt}` },
      seed,
    );
  }
  const size = imageSize(parseRatio(settings.ratio), settings.size);
  const pixels = await renderScenePixels(scene, size, seed);
  const short = Math.min(size.width, size.height);
  const main = scene.subjects[0];
  // The pictogram is a square `size` short sides tall standing on `ground`; its head is near
  // the top. Without a subject the face is the picture's centre, as a portrait.
  const side = Math.round(main ? main.size * short * 0.42 : short * 0.42);
  const centreX = main ? main.x * size.width : size.width / 2;
  const centreY = main ? main.ground * size.height - main.size * short * 0.8 : size.height * 0.42;
  const left = Math.round(Math.min(size.width - side, Math.max(0, centreX - side / 2)));
  const top = Math.round(Math.min(size.height - side, Math.max(0, centreY - side / 2)));
  const layers: OverlayOptions[] = [];
  if (!main)
    layers.push({ input: bustSvg(size, centreX, top + side * 0.82, side), left: 0, top: 0 });
  layers.push({ input: await faceOval(face, side), left, top });
  const data = await sharp(pixels.data, {
    raw: { width: size.width, height: size.height, channels: 3 },
  })
    .composite(layers)
    .removeAlpha()
    .raw()
    .toBuffer();
  const bytes = await encodePreviewPng({ ...size, data }, mark);
  const drawn = describePreview(prompt, scene);
  return {
    bytes,
    ...size,
    description: `Preview: ${drawn ?? prompt} with the character's face from its reference sheet`,
  };
}

/** Character image on the CPU: a preview per output, the character's face composited in. */
export const characterImage: LocalTaskHandler = async (task, ctx) => {
  const face = await firstSheetFace(await readSheet(task, ctx));
  const outputs: EngineOutput[] = [];
  for (let i = 0; i < task.settings.count; i++) {
    const seed = seedForIndex(task.settings.seed, i);
    const still = await renderCharacterStill(task.settings, face, seed);
    outputs.push({ kind: 'image', mime: 'image/png', seed, ...still });
    await ctx.report((i + 1) / task.settings.count);
  }
  return outputs;
};

/**
 * Character video on the CPU: the character's still (as character image draws it, unmarked,
 * since the clip carries its own mark) animated the way image to video animates a photo.
 */
export const characterVideo: LocalTaskHandler = async (task, ctx) => {
  const face = await firstSheetFace(await readSheet(task, ctx));
  const { seed } = task.settings;
  const still = await renderCharacterStill(task.settings, face, seed, false);
  await ctx.report(0.1);
  const clip = await renderImageToVideo(still.bytes, task.settings, seed, {
    ...ctx.video,
    signal: ctx.io.signal,
    onProgress: (f) => ctx.report(0.1 + f * 0.9),
  });
  return videoOutputs({
    ...clip,
    description: still.description.replace('Preview:', 'Preview clip:'),
  });
};
