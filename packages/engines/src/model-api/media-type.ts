import type { EngineOutput } from '../engine';
import { readImageInfo } from '../comfyui/image-size';

export type MediaType = {
  kind: EngineOutput['kind'];
  mime: string;
  width?: number;
  height?: number;
};

/**
 * The type of a file by its first bytes, never by what a server or a URL claims: outputs of
 * hosted models are stored and served by us, so their type must be what the bytes are.
 */
export function detectMedia(bytes: Buffer): MediaType | undefined {
  const image = readImageInfo(bytes);
  if (image) return { kind: 'image', ...image };
  const ascii = (start: number, end: number) => bytes.toString('latin1', start, end);
  if (bytes.length >= 10 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) {
    return {
      kind: 'image',
      mime: 'image/gif',
      width: bytes.readUInt16LE(6),
      height: bytes.readUInt16LE(8),
    };
  }
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand.startsWith('M4A')) return { kind: 'audio', mime: 'audio/mp4' };
    return { kind: 'video', mime: brand === 'qt  ' ? 'video/quicktime' : 'video/mp4' };
  }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    return { kind: 'video', mime: 'video/webm' };
  }
  if (bytes.length >= 12 && ascii(0, 4) === 'glTF')
    return { kind: 'model', mime: 'model/gltf-binary' };
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') {
    return { kind: 'audio', mime: 'audio/wav' };
  }
  if (bytes.length >= 3 && ascii(0, 3) === 'ID3') return { kind: 'audio', mime: 'audio/mpeg' };
  // An MPEG audio frame header: 11 sync bits, then a layer that is not "reserved".
  if (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) {
    if (((bytes[1] ?? 0) & 0x06) !== 0) return { kind: 'audio', mime: 'audio/mpeg' };
  }
  if (bytes.length >= 4 && ascii(0, 4) === 'OggS') return { kind: 'audio', mime: 'audio/ogg' };
  return undefined;
}
