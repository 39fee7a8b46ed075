import { fitMask, readSize, type Size } from '../edit-images';
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

export type ResolvedInputs = {
  images: string[];
  videos: string[];
  audios: string[];
  /** The editing tools' mask, fitted to the picture: white where the edit goes. */
  masks: string[];
  /** The first picture's size, for the models that are told where it sits (an expand's canvas). */
  imageSize?: Size;
  /** The clip's frame size, for the models told how far to scale it (a 4K enhancement). */
  videoSize?: Size;
};

export type Group = 'images' | 'videos' | 'audios' | 'masks';

const fallbackMime = {
  images: 'image/png',
  videos: 'video/mp4',
  audios: 'audio/mpeg',
  masks: 'image/png',
} as const;

/**
 * Sends bytes made here (a clip's last frame, two pictures side by side) the way inputs go:
 * through the API's file store when large and there is one, else inline as a data URI.
 */
export async function sendBytes(
  sender: InputSender,
  bytes: Buffer,
  group: Group,
  index: number,
): Promise<string> {
  const mime = detectMedia(bytes)?.mime ?? fallbackMime[group];
  if (sender.upload && bytes.length > sender.inlineLimit) {
    const extension = mime.split('/')[1]?.replace('jpeg', 'jpg').replace('mpeg', 'mp3') ?? 'bin';
    return sender.upload(bytes, mime, `${group.slice(0, -1)}-${index}.${extension}`);
  }
  return `data:${mime};base64,${bytes.toString('base64')}`;
}

export async function resolveInputs(
  inputs: { images: string[]; videos: string[]; audios: string[]; masks?: string[] },
  io: EngineIO,
  sender: InputSender,
  options: { measureImage?: boolean } = {},
): Promise<ResolvedInputs> {
  const send = (bytes: Buffer, group: Group, index: number) =>
    sendBytes(sender, bytes, group, index);
  const resolveOne = async (key: string, group: Group, index: number) => {
    // A signed URL under PUBLIC_URL costs the API one fetch and us nothing.
    const url = io.publicUrl?.(key);
    if (url) return url;
    return send(await io.readInput(key), group, index);
  };
  const resolveGroup = (group: Exclude<Group, 'masks'>) =>
    Promise.all(inputs[group].map((key, index) => resolveOne(key, group, index)));

  const masks = inputs.masks ?? [];
  const [pictureKey] = inputs.images;
  const imageSize =
    pictureKey && (options.measureImage || masks.length > 0)
      ? await readSize(await io.readInput(pictureKey))
      : undefined;
  // Masks go as bytes of the picture's exact size: the models want the two to match, and the
  // gateway only checks that their shapes do.
  const fitted = await Promise.all(
    masks.map(async (key, index) => {
      const bytes = await io.readInput(key);
      return send(imageSize ? await fitMask(bytes, imageSize) : bytes, 'masks', index);
    }),
  );
  return {
    images: await resolveGroup('images'),
    videos: await resolveGroup('videos'),
    audios: await resolveGroup('audios'),
    masks: fitted,
    ...(imageSize ? { imageSize } : {}),
  };
}
