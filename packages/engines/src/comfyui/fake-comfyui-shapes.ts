import type { WorkflowGraph } from './comfyui-schemas';
import { readImageInfo } from './image-size';

/**
 * Test support: the pixel size each node of a graph hands on, worked out the way the real
 * nodes work it out (LoadImage reads the uploaded file, ImagePadForOutpaint adds its padding,
 * VAEEncode crops to multiples of 8, FluxKontextImageScale picks Kontext's nearest size, …),
 * so the fake's save nodes write images of the size a real server would.
 */

type Size = { width: number; height: number };

/** FLUX Kontext's preferred sizes (comfy_extras/nodes_flux.py). */
const kontextSizes: Array<[number, number]> = [
  [672, 1568],
  [688, 1504],
  [720, 1456],
  [752, 1392],
  [800, 1328],
  [832, 1248],
  [880, 1184],
  [944, 1104],
  [1024, 1024],
  [1104, 944],
  [1184, 880],
  [1248, 832],
  [1328, 800],
  [1392, 752],
  [1456, 720],
  [1504, 688],
  [1568, 672],
];

const floor8 = (size: Size): Size => ({
  width: Math.floor(size.width / 8) * 8,
  height: Math.floor(size.height / 8) * 8,
});

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

export function createShapeReader(
  prompt: WorkflowGraph,
  readInputFile: (name: string) => Buffer | undefined,
) {
  function follow(link: unknown): Size | undefined {
    if (!Array.isArray(link) || typeof link[0] !== 'string') return undefined;
    const node = prompt[link[0]];
    if (!node) return undefined;
    const input = (name: string) => follow(node.inputs[name]);
    switch (node.class_type) {
      case 'LoadImage': {
        const info = readImageInfo(readInputFile(String(node.inputs.image)) ?? Buffer.alloc(0));
        return info ? { width: info.width, height: info.height } : undefined;
      }
      case 'ImageScale': {
        const from = input('image');
        const width = num(node.inputs.width);
        const height = num(node.inputs.height);
        if (!from || (width === 0 && height === 0)) return from;
        if (width === 0) return { width: Math.round((from.width * height) / from.height), height };
        if (height === 0) return { width, height: Math.round((from.height * width) / from.width) };
        return { width, height };
      }
      case 'ImageScaleToTotalPixels': {
        const from = input('image');
        if (!from) return undefined;
        const scale = Math.sqrt(
          (num(node.inputs.megapixels) * 1024 * 1024) / (from.width * from.height),
        );
        return { width: Math.round(from.width * scale), height: Math.round(from.height * scale) };
      }
      case 'ImageUpscaleWithModel': {
        const from = input('image');
        return from && { width: from.width * 4, height: from.height * 4 };
      }
      case 'ImagePadForOutpaint': {
        const from = input('image');
        const grow = (a: string, b: string) => num(node.inputs[a]) + num(node.inputs[b]);
        return (
          from && {
            width: from.width + grow('left', 'right'),
            height: from.height + grow('top', 'bottom'),
          }
        );
      }
      case 'FluxKontextImageScale': {
        const from = input('image');
        if (!from) return undefined;
        const ratio = from.width / from.height;
        const [width, height] = kontextSizes.reduce((best, size) =>
          Math.abs(ratio - size[0] / size[1]) < Math.abs(ratio - best[0] / best[1]) ? size : best,
        );
        return { width, height };
      }
      case 'ImageCompositeMasked':
        return input('destination');
      case 'BiRefNetRMBG':
        return input('image');
      case 'VAEEncode': {
        const from = input('pixels');
        return from && floor8(from);
      }
      case 'InpaintModelConditioning': {
        const from = input('pixels');
        return from && floor8(from);
      }
      case 'EmptySD3LatentImage':
        return { width: num(node.inputs.width), height: num(node.inputs.height) };
      case 'VAEDecode':
        return input('samples');
      case 'RepeatLatentBatch':
        return input('samples');
      case 'KSampler':
        return input('latent_image');
      default:
        return undefined;
    }
  }
  return { sizeOf: follow };
}
