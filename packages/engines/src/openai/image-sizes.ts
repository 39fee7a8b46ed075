/**
 * The image API takes a fixed list of sizes per model, not a ratio. The request's ratio is
 * matched to the closest listed shape (on a log scale, so 2:1 and 1:2 are equally far from
 * 1:1), then to the closest longest side.
 */
const sizesByModel: Array<[RegExp, string[]]> = [
  [/^dall-e-2/, ['256x256', '512x512', '1024x1024']],
  [/^dall-e-3/, ['1024x1024', '1792x1024', '1024x1792']],
];
/** gpt-image-* and most compatible servers. */
const defaultSizes = ['1024x1024', '1536x1024', '1024x1536'];

export function sizesForModel(model: string): string[] {
  return sizesByModel.find(([pattern]) => pattern.test(model))?.[1] ?? defaultSizes;
}

function parseSize(size: string): { width: number; height: number } {
  const [width = 1024, height = 1024] = size.split('x').map(Number);
  return { width, height };
}

export function pickImageSize(ratio: string, longestSide: number, sizes: string[]): string {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  const wanted = Math.log(w / h);
  let best = sizes[0] ?? '1024x1024';
  let bestScore = Number.POSITIVE_INFINITY;
  for (const size of sizes) {
    const { width, height } = parseSize(size);
    const shape = Math.abs(Math.log(width / height) - wanted);
    const scale = Math.abs(Math.max(width, height) - longestSide) / 100_000;
    const score = shape + scale;
    if (score < bestScore) {
      best = size;
      bestScore = score;
    }
  }
  return best;
}
