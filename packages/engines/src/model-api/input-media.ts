import type { EngineIO } from '../engine';
import { detectMedia } from './media-type';

/**
 * How an input file reaches a hosted model: a URL it can fetch, or the bytes inline. `upload`
 * is the API's own file store (Replicate's files API), used for large files when this server
 * is not reachable from outside; without it, large files go inline too.
 */
export type InputSender = {
  upload?: (bytes: Buffer, mime: string, name: string) => Promise<string>;
  /** Inline files up to this size as data URIs; larger ones go through `upload` when there is one. */
  inlineLimit: number;
};

export type ResolvedInputs = { images: string[]; videos: string[]; audios: string[] };

const fallbackMime = { images: 'image/png', videos: 'video/mp4', audios: 'audio/mpeg' } as const;

export async function resolveInputs(
  inputs: { images: string[]; videos: string[]; audios: string[] },
  io: EngineIO,
  sender: InputSender,
): Promise<ResolvedInputs> {
  const resolveOne = async (key: string, group: keyof ResolvedInputs, index: number) => {
    // A signed URL under PUBLIC_URL costs the API one fetch and us nothing.
    const url = io.publicUrl?.(key);
    if (url) return url;
    const bytes = await io.readInput(key);
    const mime = detectMedia(bytes)?.mime ?? fallbackMime[group];
    if (sender.upload && bytes.length > sender.inlineLimit) {
      const extension = mime.split('/')[1]?.replace('jpeg', 'jpg').replace('mpeg', 'mp3') ?? 'bin';
      return sender.upload(bytes, mime, `${group.slice(0, -1)}-${index}.${extension}`);
    }
    return `data:${mime};base64,${bytes.toString('base64')}`;
  };
  const resolveGroup = (group: keyof ResolvedInputs) =>
    Promise.all(inputs[group].map((key, index) => resolveOne(key, group, index)));
  return {
    images: await resolveGroup('images'),
    videos: await resolveGroup('videos'),
    audios: await resolveGroup('audios'),
  };
}
