import { z } from 'zod';
import type { EngineOutput } from '../engine';
import { ComfyUiError } from './comfyui-errors';
import type { ComfyUiHttp } from './comfyui-http';
import { fileRefSchema, type FileRef, type HistoryEntry } from './comfyui-schemas';
import { readImageInfo } from './image-size';

type OutputKind = EngineOutput['kind'];

/**
 * Where save nodes list their files in `/history`: SaveImage under `images`,
 * VideoHelperSuite under `gifs`, core SaveVideo under `videos` (or animated `images`),
 * SaveGLB under `3d`, some 3D packs under `mesh`.
 */
const outputKeys: Array<[string, OutputKind]> = [
  ['images', 'image'],
  ['gifs', 'video'],
  ['videos', 'video'],
  ['3d', 'model'],
  ['mesh', 'model'],
];

const mimeByExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  obj: 'model/obj',
};

const fileListSchema = z.array(fileRefSchema);

export type OutputFile = { file: FileRef; kind: OutputKind };

export function listOutputFiles(entry: HistoryEntry): OutputFile[] {
  const nodeIds = Object.keys(entry.outputs).sort(
    (a, b) => Number(a) - Number(b) || a.localeCompare(b),
  );
  const files: OutputFile[] = [];
  for (const nodeId of nodeIds) {
    const output = entry.outputs[nodeId] ?? {};
    const animated = Array.isArray(output.animated) && output.animated.some(Boolean);
    for (const [key, kind] of outputKeys) {
      const list = fileListSchema.safeParse(output[key]);
      if (!list.success) continue;
      for (const file of list.data) {
        // PreviewImage nodes write throwaway files of type `temp`; they are not results.
        if (file.type === 'temp') continue;
        files.push({ file, kind: key === 'images' && animated ? 'video' : kind });
      }
    }
  }
  return files;
}

export type OutputFacts = {
  seed: number;
  /** What the workflow was asked to render; videos carry no header we read. */
  video: { width: number; height: number; durationS: number };
};

export async function downloadOutputs(
  http: ComfyUiHttp,
  entry: HistoryEntry,
  facts: OutputFacts,
  signal: AbortSignal,
): Promise<EngineOutput[]> {
  const files = listOutputFiles(entry);
  if (files.length === 0) {
    throw new ComfyUiError(
      'failed',
      'ComfyUI finished without saving any output (check the workflow’s save node)',
    );
  }
  const outputs: EngineOutput[] = [];
  for (const { file, kind } of files) {
    const { bytes, contentType } = await http.view(file, signal);
    const extension = file.filename.split('.').pop()?.toLowerCase() ?? '';
    const mime =
      mimeByExtension[extension] ??
      (contentType.split(';')[0]?.trim() || 'application/octet-stream');
    const output: EngineOutput = { kind, mime, bytes, seed: facts.seed };
    const image = kind === 'image' || kind === 'video' ? readImageInfo(bytes) : undefined;
    if (image) {
      Object.assign(output, { mime: image.mime, width: image.width, height: image.height });
    }
    if (kind === 'video') {
      output.width ??= facts.video.width;
      output.height ??= facts.video.height;
      output.durationS = facts.video.durationS;
    }
    outputs.push(output);
  }
  return outputs;
}
