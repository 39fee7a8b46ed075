import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { defaultFfmpegPath } from '@lumen/engines/local/ffmpeg-encoder';
import { readMailedCode } from '../../../test/support/mailbox';
import type { TestApp } from '../../../test/support/test-app';

/** Test-only builders of real media bytes and signed-in callers. */

export const solidImage = (width: number, height: number, format: 'png' | 'jpeg' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .toFormat(format)
    .toBuffer();

/** Random pixels do not compress: a PNG of about width × height × 3 bytes. */
export const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

/** A real PNG cut to half its length: its header reads, its pixels do not. */
export const truncatedPng = async () => {
  const whole = await noisePng(640, 480);
  return whole.subarray(0, Math.floor(whole.length / 2));
};

/**
 * A 1 × 1 PNG whose header (with a valid checksum) claims `width` × `height`: the header
 * reads, the pixel data falls far short.
 */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await solidImage(1, 1, 'png'));
  // IHDR: length (8), type (12), width (16), height (20), …, CRC over type and data (29).
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

let bomb: Promise<Buffer> | undefined;
/** A 16000 × 16000 PNG of one colour: 256 megapixels in about 3 MB. Made once per file. */
export const hugePng = () => (bomb ??= solidImage(16_000, 16_000, 'png'));

/** An `ftyp` box of an MP4 brand, then filler standing in for the movie. */
export function mp4Bytes(size = 4096): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41', 'latin1'),
  ]);
  return Buffer.concat([ftyp, Buffer.alloc(size - ftyp.length, 1)]);
}

/** A real, playable one-second H.264 MP4 of ffmpeg's test pattern, `width`×`height`. */
export function playableMp4(width = 320, height = 180): Buffer {
  const run = spawnSync(defaultFfmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `testsrc=size=${width}x${height}:rate=12:duration=1`],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', 'frag_keyframe+empty_moov'],
    ...['-f', 'mp4', 'pipe:1'],
  ]);
  if (run.status !== 0) throw new Error(`ffmpeg could not make a clip: ${run.stderr.toString()}`);
  return run.stdout;
}

/** An ID3v2 header, then filler standing in for the frames. */
export function mp3Bytes(size = 2048): Buffer {
  const id3 = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0, 0, 0, 0, 0])]);
  return Buffer.concat([id3, Buffer.alloc(size - id3.length, 0)]);
}

/** A WAV file's bytes: a RIFF header of WAVE form, 16-bit mono PCM silence. */
export function wavBytes(samples = 1600): Buffer {
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(16000, 24);
  out.writeUInt32LE(32000, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(samples * 2, 40);
  return out;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests

/** Calls the test app as a signed-in (or anonymous) client and reads the envelope. */
export function caller(t: TestApp) {
  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    ticket?: string,
    body?: object,
    lang?: string,
  ): Promise<Json> {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        ...(ticket ? { authorization: `Bearer ${ticket}` } : {}),
        ...(lang ? { 'x-accept-language': lang } : {}),
      },
      ...(body ? { payload: body } : {}),
    });
    return res.json() as Json;
  }

  async function signIn(email: string): Promise<{ ticket: string; userId: number }> {
    await call('POST', '/prod-api/user/captcha', undefined, { method: 'email', email });
    const captcha = await readMailedCode(t, email);
    const login = await call('POST', '/prod-api/user/login', undefined, {
      loginType: 'email',
      email,
      captcha,
    });
    return { ticket: login.result.ticket, userId: login.result.id };
  }

  return { call, signIn };
}
