import sharp from 'sharp';
import { runFfmpegOnFiles } from '@lumen/engines/local/ffmpeg-files';

/** Where in a clip the portrait check looks: its start, its middle and near its end. */
const STILL_POSITIONS = [0, 0.5, 0.9];

/**
 * Stills of a clip for the portrait check (spec §5: a clear portrait for lip sync applies to
 * a clip too): one frame at each of `STILL_POSITIONS` of its length, as PNGs. One ffmpeg run
 * seeks to each point and stacks the frames, so the clip is written to disk once; the stack
 * is then cut apart. Rotated phone clips come out upright (ffmpeg applies the rotation).
 */
export async function clipStills(video: Buffer, durationS: number): Promise<Buffer[]> {
  const seeks = STILL_POSITIONS.map((at) => Math.max(0, at * durationS - 0.05).toFixed(3));
  const labels = seeks.map((_, i) => `[f${i}]`);
  const stacked = await runFfmpegOnFiles({
    inputs: { 'in.mp4': video },
    output: 'stills.png',
    args: (path) => [
      ...seeks.flatMap((seek) => ['-ss', seek, '-i', path('in.mp4')]),
      '-filter_complex',
      [
        ...seeks.map(
          (_, i) => `[${i}:v]trim=end_frame=1,setpts=PTS-STARTPTS,format=rgb24${labels[i]}`,
        ),
        `${labels.join('')}vstack=inputs=${seeks.length}[out]`,
      ].join(';'),
      ...['-map', '[out]', '-frames:v', '1', '-y', path('stills.png')],
    ],
  });
  const { width = 0, height = 0 } = await sharp(stacked).metadata();
  const each = Math.floor(height / seeks.length);
  return Promise.all(
    seeks.map((_, i) =>
      sharp(stacked)
        .extract({ left: 0, top: i * each, width, height: each })
        .png()
        .toBuffer(),
    ),
  );
}

/**
 * How many faces a clip shows, for the portrait check: the median of its stills' counts, so
 * a face turned away for a moment does not refuse the clip, while a clip that mostly shows
 * no face, or several, is refused as a picture would be.
 */
export function clipFaceCount(counts: number[]): number {
  const sorted = [...counts].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
