import sharp from 'sharp';
import { probeVideoStream, runFfmpegOnFiles } from '@lumen/engines/local/ffmpeg-files';
import { watermarkOverlay } from './media-images';

/**
 * The watermarked twin of a video (spec §6 `_wm` keys): the same mark as on images, drawn on
 * every frame in the bottom-right corner, re-encoded as H.264 (yuv420p, so every player takes
 * it) with the original's colour tags, so players show the same colours; the soundtrack, if
 * any, is copied as it is.
 */
export async function makeWatermarkedVideo(bytes: Buffer, text = 'Lumen'): Promise<Buffer> {
  const stream = await probeVideoStream(bytes);
  if (!stream) throw new Error('cannot watermark: the video has no video stream');
  const mark = await watermarkOverlay(stream.width, stream.height, text);
  const markPng = await sharp(mark.rgba, {
    raw: { width: mark.width, height: mark.height, channels: 4 },
  })
    .png()
    .toBuffer();
  const colour = [
    ['-colorspace', stream.colorSpace],
    ['-color_primaries', stream.colorPrimaries],
    ['-color_trc', stream.colorTransfer],
    ['-color_range', stream.colorRange],
  ].flatMap(([flag, value]) => (flag && value ? [flag, value] : []));
  return runFfmpegOnFiles({
    inputs: { 'in.mp4': bytes, 'mark.png': markPng },
    output: 'out.mp4',
    args: (path) => [
      ...['-i', path('in.mp4'), '-i', path('mark.png')],
      ...['-filter_complex', '[0:v][1:v]overlay=W-w:H-h,format=yuv420p[v]'],
      ...['-map', '[v]', '-map', '0:a?', '-c:a', 'copy'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-threads', '2', ...colour],
      ...['-movflags', '+faststart', '-y', path('out.mp4')],
    ],
  });
}
