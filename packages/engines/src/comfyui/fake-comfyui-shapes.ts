import type { WorkflowGraph } from './comfyui-schemas';
import { readImageInfo } from './image-size';
import type { MediaFacts } from './media-probe';

/**
 * Test support: the pixel size each node of a graph hands on, worked out the way the real
 * nodes work it out (LoadImage reads the uploaded file, ImagePadForOutpaint adds its padding,
 * VAEEncode crops to multiples of 8, FluxKontextImageScale picks Kontext's nearest size, …),
 * so the fake's save nodes write images of the size a real server would. Frame batches carry
 * their length too (a loaded clip's frames, a Wan latent's `length`, a batch cut or joined),
 * so the fake's video save writes a clip of the length a real server would.
 */

type Size = { width: number; height: number; frames?: number };

/** What a video save node is handed: the frames' size and count, the rate and the sound's length. */
export type ClipShape = {
  width: number;
  height: number;
  frames: number;
  fps: number;
  audioS?: number;
};

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

const framesOf = (size: Size | undefined): number => size?.frames ?? 1;

export function createShapeReader(
  prompt: WorkflowGraph,
  readInputFile: (name: string) => Buffer | undefined,
  readInputFacts: (name: string) => MediaFacts | undefined = () => undefined,
) {
  const nodeOf = (link: unknown) =>
    Array.isArray(link) && typeof link[0] === 'string' ? prompt[link[0]] : undefined;

  /** The rate a CreateVideo's `fps` names: a number, or a loaded clip's own rate. */
  function fpsOf(value: unknown): number {
    if (typeof value === 'number') return value;
    const node = nodeOf(value);
    if (node?.class_type === 'GetVideoComponents') {
      const file = nodeOf(node.inputs.video)?.inputs.file;
      return readInputFacts(String(file))?.fps ?? 24;
    }
    return 24;
  }

  /** How long the sound on an AUDIO link lasts; undefined when there is none. */
  function audioOf(link: unknown): number | undefined {
    const node = nodeOf(link);
    if (!node) return undefined;
    switch (node.class_type) {
      case 'LoadAudio':
        return readInputFacts(String(node.inputs.audio))?.durationS;
      case 'GetVideoComponents': {
        const facts = readInputFacts(String(nodeOf(node.inputs.video)?.inputs.file));
        return facts?.hasAudio ? facts.durationS : undefined;
      }
      case 'VideoLengthAdjuster':
      case 'LatentSyncNode': {
        const frames = framesOf(follow(node.inputs.images));
        const fps = typeof node.inputs.fps === 'number' ? node.inputs.fps : 25;
        return frames / fps;
      }
      default:
        return undefined;
    }
  }

  function follow(link: unknown): Size | undefined {
    const node = nodeOf(link);
    if (!node) return undefined;
    const input = (name: string) => follow(node.inputs[name]);
    switch (node.class_type) {
      case 'LoadVideo':
      case 'VHS_LoadVideo': {
        const file = node.class_type === 'LoadVideo' ? node.inputs.file : node.inputs.video;
        const facts = readInputFacts(String(file));
        if (!facts) return undefined;
        const rate = num(node.inputs.force_rate);
        const frames = rate > 0 ? Math.round(facts.durationS * rate) : facts.frames;
        return { width: facts.width, height: facts.height, frames };
      }
      case 'GetVideoComponents':
        return input('video');
      case 'ImageFromBatch': {
        const from = input('image');
        if (!from) return undefined;
        const count = framesOf(from);
        const index = Math.min(count - 1, num(node.inputs.batch_index));
        return { ...from, frames: Math.min(count - index, num(node.inputs.length)) };
      }
      case 'ImageBatch': {
        const [a, b] = [input('image1'), input('image2')];
        return a && { ...a, frames: framesOf(a) + framesOf(b) };
      }
      case 'RepeatImageBatch': {
        const from = input('image');
        return from && { ...from, frames: framesOf(from) * num(node.inputs.amount) };
      }
      case 'VideoLengthAdjuster': {
        const from = input('images');
        const voice = audioOf(node.inputs.audio);
        if (!from || voice === undefined) return from;
        const wanted = Math.ceil(
          (voice + num(node.inputs.silent_padding_sec)) * num(node.inputs.fps),
        );
        const frames =
          node.inputs.mode === 'normal'
            ? Math.min(framesOf(from), wanted)
            : Math.max(framesOf(from), wanted);
        return { ...from, frames };
      }
      case 'LatentSyncNode':
      case 'Canny':
        return input(node.class_type === 'Canny' ? 'image' : 'images');
      case 'WanImageToVideo':
      case 'WanFirstLastFrameToVideo':
      case 'WanVaceToVideo':
      case 'WanPhantomSubjectToVideo':
      case 'WanTrackToVideo':
      case 'Wan22ImageToVideoLatent':
        return {
          width: num(node.inputs.width),
          height: num(node.inputs.height),
          frames: num(node.inputs.length),
        };
      case 'TrimVideoLatent':
        return input('samples');
      case 'LoadImage': {
        const info = readImageInfo(readInputFile(String(node.inputs.image)) ?? Buffer.alloc(0));
        return info ? { width: info.width, height: info.height } : undefined;
      }
      case 'ImageScale': {
        const from = input('image');
        const width = num(node.inputs.width);
        const height = num(node.inputs.height);
        if (!from || (width === 0 && height === 0)) return from;
        const frames = from.frames;
        if (width === 0) {
          return { width: Math.round((from.width * height) / from.height), height, frames };
        }
        if (height === 0) {
          return { width, height: Math.round((from.height * width) / from.width), frames };
        }
        return { width, height, frames };
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
        return from && { width: from.width * 4, height: from.height * 4, frames: from.frames };
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
  /** What a SaveVideo's `video` link holds: CreateVideo's frames, rate and sound. */
  function clipOf(link: unknown): ClipShape | undefined {
    const node = nodeOf(link);
    if (node?.class_type !== 'CreateVideo') return undefined;
    const frames = follow(node.inputs.images);
    if (!frames?.width || !frames.height) return undefined;
    return {
      width: frames.width,
      height: frames.height,
      frames: framesOf(frames),
      fps: fpsOf(node.inputs.fps),
      audioS: audioOf(node.inputs.audio),
    };
  }

  return { sizeOf: follow, clipOf };
}
