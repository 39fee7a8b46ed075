import type { EngineOutput } from '../engine';
import { probeVideoStream, runFfmpegOnFiles } from '../local/ffmpeg-files';
import { readImageInfo } from '../comfyui/image-size';
import { probeMedia } from '../comfyui/media-probe';
import { detectMedia } from './media-type';
import { posterOfGlb } from './glb-poster';
import { ModelApiError } from './model-api-errors';
import type { ModelApiHttp } from './model-api-http';

/**
 * Every file address in a model's answer, in order, whatever its shape: a string, a list of
 * strings, `{ images: [{ url }] }`, `{ video: { url } }`, `{ model_mesh: { url } }`, Cog's
 * data URIs… Keys that never hold results (seeds, timings, prompts) are skipped.
 */
export function collectOutputUrls(output: unknown): string[] {
  const urls: string[] = [];
  const skip = new Set(['seed', 'seeds', 'timings', 'prompt', 'has_nsfw_concepts', 'content_type']);
  const visit = (value: unknown, depth: number) => {
    if (depth > 6 || value === null || value === undefined) return;
    if (typeof value === 'string') {
      if (/^(https?:\/\/|data:)/i.test(value) && !urls.includes(value)) urls.push(value);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (typeof value === 'object') {
      const record = value as Record<string, unknown>;
      // A file object names its address `url`; visit that first so its siblings (file_name…) don't reorder it.
      if (typeof record.url === 'string') visit(record.url, depth + 1);
      for (const [key, item] of Object.entries(record)) {
        if (key !== 'url' && !skip.has(key)) visit(item, depth + 1);
      }
    }
  };
  visit(output, 0);
  return urls;
}

export type OutputMedia = 'image' | 'video' | '3d';

export type DownloadOptions = {
  http: ModelApiHttp;
  signal: AbortSignal;
  /** What the task makes: only files of that kind are results. */
  media: OutputMedia;
  maxBytes: number;
  seed?: number;
  /** The clip length asked for, used when the file does not say (we read no MP4 durations). */
  durationS?: number;
  ffmpegPath?: string;
  /**
   * Work on each video before it is measured and its poster made (a video extend joins the
   * model's clip to the user's); its length is then read from the result.
   */
  transformVideo?: (video: Buffer) => Promise<Buffer>;
};

const wantedKind: Record<OutputMedia, EngineOutput['kind']> = {
  image: 'image',
  video: 'video',
  '3d': 'model',
};

/** Fetches one output: a data URI is decoded, a URL downloaded at once with a size limit. */
async function fetchOutput(url: string, options: DownloadOptions): Promise<Buffer> {
  if (url.startsWith('data:')) {
    const comma = url.indexOf(',');
    const meta = url.slice(5, comma);
    const data = url.slice(comma + 1);
    const bytes = meta.endsWith(';base64')
      ? Buffer.from(data, 'base64')
      : Buffer.from(decodeURIComponent(data), 'utf8');
    if (bytes.length > options.maxBytes) {
      throw new ModelApiError('failed', `An inline output is over ${options.maxBytes} bytes`);
    }
    return bytes;
  }
  return options.http.download(url, options.signal, options.maxBytes);
}

/**
 * Downloads a finished job's files, checks each by its bytes, and answers the task's outputs:
 * images as they are; a video followed by its poster (first frame, made with ffmpeg); a 3D
 * model followed by a still when the model answered one beside it. Files of another kind
 * (a preview video next to a mesh, a log file) are not results and are dropped.
 */
export async function downloadOutputs(
  urls: string[],
  options: DownloadOptions,
): Promise<EngineOutput[]> {
  const files: Array<{
    bytes: Buffer;
    kind: EngineOutput['kind'];
    mime: string;
    width?: number;
    height?: number;
  }> = [];
  for (const url of urls) {
    const bytes = await fetchOutput(url, options);
    const type = detectMedia(bytes);
    if (!type) continue;
    files.push({ bytes, ...type });
  }
  const kind = wantedKind[options.media];
  const results = files.filter((file) => file.kind === kind);
  if (results.length === 0) {
    const seen = files.map((file) => file.mime).join(', ') || 'nothing we could read';
    throw new ModelApiError('failed', `The model answered no ${kind} output (it answered ${seen})`);
  }
  const outputs: EngineOutput[] = [];
  for (const file of results) {
    const output: EngineOutput = {
      kind: file.kind,
      mime: file.mime,
      bytes: file.bytes,
      width: file.width,
      height: file.height,
      seed: options.seed,
    };
    outputs.push(output);
    if (file.kind === 'video') {
      if (options.transformVideo) {
        file.bytes = await options.transformVideo(file.bytes);
        output.bytes = file.bytes;
      }
      const stream = await probeVideoStream(file.bytes).catch(() => undefined);
      output.width = stream?.width;
      output.height = stream?.height;
      output.durationS = options.transformVideo
        ? ((await probeMedia(file.bytes).catch(() => undefined))?.durationS ?? options.durationS)
        : options.durationS;
      const poster = await makePoster(file.bytes, options).catch(() => undefined);
      if (poster) outputs.push(poster);
    }
    if (file.kind === 'model') {
      // The model's own still when it sent one, else the mesh drawn here.
      const still =
        files.find((other) => other.kind === 'image') ?? (await posterOfGlb(file.bytes));
      if (still) {
        output.width = still.width;
        output.height = still.height;
        outputs.push({
          kind: 'image',
          role: 'poster',
          mime: 'image/png',
          ...still,
          seed: options.seed,
        });
      }
    }
  }
  return outputs;
}

/** The first frame of a clip as PNG: the poster players show before playback. */
async function makePoster(
  video: Buffer,
  options: DownloadOptions,
): Promise<EngineOutput | undefined> {
  const png = await runFfmpegOnFiles({
    inputs: { 'in.mp4': video },
    output: 'poster.png',
    args: (path) => ['-i', path('in.mp4'), '-frames:v', '1', '-y', path('poster.png')],
    ffmpegPath: options.ffmpegPath,
    signal: options.signal,
  });
  const info = readImageInfo(png);
  if (!info) return undefined;
  return {
    kind: 'image',
    role: 'poster',
    mime: info.mime,
    bytes: png,
    width: info.width,
    height: info.height,
    seed: options.seed,
  };
}
