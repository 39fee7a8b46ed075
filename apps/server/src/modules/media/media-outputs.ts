import { IMAGE_THUMB_WIDTH, VIDEO_THUMB_WIDTH, type MediaKind } from '@lumen/contracts/media';
import { probeVideoFacts } from '@lumen/engines/media-probe';
import type { OutputFacts } from '@lumen/contracts/tasks';
import type { ObjectStore } from '../../adapters/storage/object-store';
import type { Clock } from '../../lib/clock';
import { readGlbFacts } from './glb-facts';
import { imagesInThread, type OutputImages } from './image-threads';
import { makeWatermarked } from './media-images';
import { makeWatermarkedVideo } from './media-video';
import type { MediaRepository, OutputRecord } from './media.repository';

/** One file a finished task produced, as the engine handed it over. */
export type OutputFile = {
  kind: MediaKind;
  mime: string;
  bytes: Buffer;
  width?: number;
  height?: number;
  durationS?: number;
  seed?: number;
  /**
   * An image marked as the poster of the video just before it: it becomes that video's
   * thumbnail instead of an output of its own.
   */
  role?: 'poster';
};

export type StoredOutput = {
  index: number;
  key: string;
  kind: MediaKind;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  durationS: number | null;
  seed: number | null;
  thumbKey: string | null;
  wmKey: string | null;
  /** What the file is, as its detail page shows it. */
  facts: OutputFacts;
  /** Its media row, in the shape the database's `media_record_outputs` reads. */
  record: OutputRecord;
};

const outputExtensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'model/gltf-binary': 'glb',
};

const TASK_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Where a task's outputs, their thumbnails and twins are stored. */
export function outputFolder(userId: number, taskId: string | number): string {
  const task = String(taskId);
  if (!TASK_SEGMENT.test(task)) throw new Error(`task id not usable in a key: ${task}`);
  return `outputs/${userId}/${task}/`;
}

/**
 * What an output's file is: its size; a video's length, frame rate and sound (ffprobe); a 3D
 * model's vertices, faces and textures (its GLB). A file that cannot be read gets its size.
 */
async function readFacts(file: OutputFile): Promise<OutputFacts> {
  const facts: OutputFacts = { size_bytes: file.bytes.length };
  if (file.kind === 'video') {
    const video = await probeVideoFacts(file.bytes).catch(() => undefined);
    if (video) {
      facts.duration_s = Math.round(video.durationS * 100) / 100;
      facts.fps = Math.round(video.fps * 100) / 100;
      facts.has_audio = video.hasAudio;
    }
  } else if (file.kind === 'model') {
    Object.assign(facts, readGlbFacts(file.bytes));
  }
  return facts;
}

export function createOutputStore(deps: {
  repository: MediaRepository;
  store: ObjectStore;
  clock: Clock;
  watermarkText?: string;
  /** Where header reads and thumbnails run (see createImageThread); this thread by default. */
  images?: OutputImages;
}) {
  const { repository, store, clock } = deps;
  const { readImageMeta, makeThumbnail } = deps.images ?? imagesInThread;

  async function storeOne(
    userId: number,
    base: string,
    index: number,
    file: OutputFile,
    poster: OutputFile | undefined,
    watermark: boolean,
  ): Promise<StoredOutput> {
    const ext = outputExtensions[file.mime];
    if (!ext) throw new Error(`unsupported output type ${file.mime}`);
    const key = `${base}/${index}.${ext}`;
    let { width, height } = file;
    let thumbKey: string | null = null;
    let wmKey: string | null = null;

    // The original and its thumbnail are independent: made and written at the same time, so
    // file writes overlap with sharp's and ffmpeg's work. The watermarked twin is only named
    // here and made when first asked for (see ensureTwin); one left by an earlier attempt
    // would no longer match the original, so it goes.
    const writes: Promise<void>[] = [store.put(key, file.bytes, file.mime)];
    const derive = (to: string, make: () => Promise<Buffer>, mime: string) =>
      writes.push(make().then((bytes) => store.put(to, bytes, mime)));
    if (file.kind === 'image') {
      const meta = await readImageMeta(file.bytes);
      if (!meta) {
        await Promise.allSettled(writes);
        throw new Error(`output ${index} is not a readable image`);
      }
      width ??= meta.width;
      height ??= meta.height;
      thumbKey = `${base}/${index}_thumb.webp`;
      derive(thumbKey, () => makeThumbnail(file.bytes, IMAGE_THUMB_WIDTH), 'image/webp');
      if (watermark) wmKey = `${base}/${index}_wm.png`;
    } else if ((file.kind === 'video' || file.kind === 'model') && poster) {
      thumbKey = `${base}/${index}_thumb.webp`;
      derive(thumbKey, () => makeThumbnail(poster.bytes, VIDEO_THUMB_WIDTH), 'image/webp');
    }
    if (file.kind === 'video' && watermark) wmKey = `${base}/${index}_wm.mp4`;
    if (wmKey) writes.push(store.delete(wmKey));
    const [facts, ...settled] = await Promise.allSettled([readFacts(file), ...writes]);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;

    return {
      index,
      key,
      kind: file.kind,
      mime: file.mime,
      size: file.bytes.length,
      width: width ?? null,
      height: height ?? null,
      durationS: file.durationS ?? null,
      seed: file.seed ?? null,
      thumbKey,
      wmKey,
      facts: facts.status === 'fulfilled' ? facts.value : { size_bytes: file.bytes.length },
      record: {
        user_id: userId,
        key,
        kind: file.kind,
        mime: file.mime,
        size: file.bytes.length,
        width: width ?? null,
        height: height ?? null,
        duration_s: file.durationS ?? null,
        seed: file.seed ?? null,
        task_id: base.slice(base.lastIndexOf('/') + 1),
        thumb_key: thumbKey,
        wm_key: wmKey,
      },
    };
  }

  /** Twins being made now, so that two asks at once make one. */
  const making = new Map<string, Promise<boolean>>();

  /**
   * Makes an output's watermarked twin (spec §6 `_wm` keys) unless it exists: on the first
   * download or publication that needs it, not at completion. Most outputs are never
   * downloaded or published by a plan that needs the mark, and for a video the twin is a
   * second encode as long as the first, which delayed every free user's result. Answers
   * whether the twin was written now (false: there is none to make, or it existed).
   */
  function ensureTwin(output: {
    key: string;
    wmKey: string | null;
    kind: string;
  }): Promise<boolean> {
    const { wmKey } = output;
    if (!wmKey) return Promise.resolve(false);
    let job = making.get(wmKey);
    if (!job) {
      job = (async () => {
        if (await store.head(wmKey)) return false;
        const original = await store.get(output.key);
        if (!original) throw new Error(`cannot watermark ${output.key}: it is not stored`);
        if (output.kind === 'video') {
          const bytes = await makeWatermarkedVideo(original.bytes, deps.watermarkText);
          await store.put(wmKey, bytes, 'video/mp4');
        } else {
          const bytes = await makeWatermarked(original.bytes, deps.watermarkText);
          await store.put(wmKey, bytes, 'image/png');
        }
        return true;
      })().finally(() => making.delete(wmKey));
      making.set(wmKey, job);
    }
    return job;
  }

  return {
    ensureTwin,
    /**
     * Stores a task's outputs at `outputs/<userId>/<taskId>/<i>.<ext>`, images with a
     * `_thumb.webp` preview; a video gets a thumbnail from a poster image that follows it.
     * When `watermark` is set, images get a `_wm.png` twin and videos a `_wm.mp4` one
     * (spec §6), made on first use by ensureTwin. Storing again replaces. With `record:
     * false` the media rows are left to the caller, who records each output's `record` in a
     * statement of its own (a task's end records them with the task's outcome).
     */
    async storeOutputs(
      userId: number,
      taskId: string | number,
      outputs: OutputFile[],
      options: { watermark: boolean; record?: boolean },
    ): Promise<StoredOutput[]> {
      const base = outputFolder(userId, taskId).slice(0, -1);
      const stored: StoredOutput[] = [];
      for (const [position, file] of outputs.entries()) {
        if (file.role === 'poster') continue;
        const next = outputs[position + 1];
        const poster =
          (file.kind === 'video' || file.kind === 'model') &&
          next?.role === 'poster' &&
          next.kind === 'image'
            ? next
            : undefined;
        stored.push(await storeOne(userId, base, stored.length, file, poster, options.watermark));
      }
      if (options.record !== false) {
        await repository.recordOutputs(
          stored.map((s) => s.record),
          clock.now(),
        );
      }
      return stored;
    },
  };
}
