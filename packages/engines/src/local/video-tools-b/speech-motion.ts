import { EditInputError } from '../edit/edit-input-error';
import { EngineCancelledError } from '../cancellation';
import { runFfmpegOnFiles } from '../ffmpeg-files';
import type { VideoToolOptions } from './tool-clip';

/** The mouth shapes the CPU lip sync tells apart, from the sound alone. */
export type Viseme = 'closed' | 'open' | 'round';

/** Per video frame: how far the mouth opens (0–1) and its shape. */
export type MouthTrack = { open: Float32Array; viseme: Viseme[] };

export type DecodedAudio = { pcm: Float32Array; rate: number; durationS: number };

const RATE = 16_000;

/** Any sound ffmpeg reads (MP3, WAV, M4A, a video's sound) as 16 kHz mono samples. */
export async function decodeAudio(
  audio: Buffer,
  opts: VideoToolOptions = {},
): Promise<DecodedAudio> {
  let raw: Buffer;
  try {
    raw = await runFfmpegOnFiles({
      inputs: { 'in.bin': audio },
      output: 'out.raw',
      args: (path) => [
        ...['-i', path('in.bin'), '-vn', '-ac', '1', '-ar', String(RATE)],
        ...['-f', 'f32le', '-y', path('out.raw')],
      ],
      ffmpegPath: opts.ffmpegPath,
      tempDir: opts.tempDir,
      signal: opts.signal,
    });
  } catch (error) {
    if (error instanceof EngineCancelledError) throw error;
    throw new EditInputError('unreadable_audio', 'The sound is not a readable audio file', {
      cause: error,
    });
  }
  const pcm = new Float32Array(
    raw.buffer.slice(raw.byteOffset, raw.byteOffset + (raw.length & ~3)),
  );
  if (pcm.length < RATE / 10) {
    throw new EditInputError('unreadable_audio', 'The sound is shorter than a tenth of a second');
  }
  return { pcm, rate: RATE, durationS: pcm.length / RATE };
}

/** One-pole low-pass at `hz`: cheap, and enough to split speech into a low and a high band. */
function onePole(signal: Float32Array, rate: number, hz: number): Float32Array {
  const out = new Float32Array(signal.length);
  const a = Math.exp((-2 * Math.PI * hz) / rate);
  let y = 0;
  for (let i = 0; i < signal.length; i++) {
    y = (1 - a) * signal[i]! + a * y;
    out[i] = y;
  }
  return out;
}

function quantile(values: number[], q: number): number {
  const sorted = values.filter((v) => v > 0).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * How the mouth moves for a voice track, frame by frame. Loudness opens the jaw; the share of
 * the energy below about 700 Hz picks the shape: vowels like "o" and "u" keep both of their
 * lowest resonances under 1 kHz (a rounded mouth), while "a", "e" and "i" put the second one
 * higher (an open mouth); hissing sounds ("s", "f") open the lips only a little. Opening
 * follows a fast attack and a slower release, as a jaw does, so it neither flickers nor lags.
 */
export function mouthTrack(audio: DecodedAudio, fps: number, frameCount: number): MouthTrack {
  const { pcm, rate } = audio;
  const low = onePole(onePole(pcm, rate, 700), rate, 700);
  const smooth = onePole(pcm, rate, 3000);
  const half = Math.round(rate / fps);
  const loud: number[] = [];
  const lowShare: number[] = [];
  const highShare: number[] = [];
  for (let f = 0; f < frameCount; f++) {
    const centre = Math.round((f / fps) * rate);
    let all = 0;
    let lo = 0;
    let hi = 0;
    let n = 0;
    for (let i = Math.max(0, centre - half); i < Math.min(pcm.length, centre + half); i++) {
      const s = pcm[i]!;
      all += s * s;
      lo += low[i]! * low[i]!;
      const h = s - smooth[i]!;
      hi += h * h;
      n++;
    }
    loud.push(n ? Math.sqrt(all / n) : 0);
    lowShare.push(all > 0 ? lo / all : 0);
    highShare.push(all > 0 ? hi / all : 0);
  }
  // Loudness relative to the track's own loud passages, so a quiet recording still speaks.
  const reference = Math.max(1e-4, quantile(loud, 0.9));
  const open = new Float32Array(frameCount);
  const viseme: Viseme[] = [];
  let jaw = 0;
  for (let f = 0; f < frameCount; f++) {
    const level = Math.min(1, loud[f]! / reference);
    let target = level < 0.12 ? 0 : Math.min(1, (level - 0.12) / 0.7);
    let shape: Viseme = target === 0 ? 'closed' : 'open';
    if (shape === 'open' && lowShare[f]! > 0.6) shape = 'round';
    if (shape === 'open' && highShare[f]! > 0.5) target *= 0.45;
    jaw += (target - jaw) * (target > jaw ? 0.7 : 0.35);
    open[f] = jaw;
    viseme.push(jaw < 0.06 ? 'closed' : shape);
  }
  return { open, viseme };
}
