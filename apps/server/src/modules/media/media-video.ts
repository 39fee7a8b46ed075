import sharp from 'sharp';
import { probeVideoSize, runFfmpegOnFiles } from '@lumen/engines/local/ffmpeg-files';
import { watermarkOverlay } from './media-images';

/**
 * The watermarked twin of a video (spec §6 `_wm` keys): the same mark as on images, drawn on
 * every frame in the bottom-right corner, re-encoded as H.264 (yuv420p, so every player takes
 * it); the soundtrack, if any, is copied as it is. `size` is the frame size when the engine
 * said it; otherwise ffprobe reads it.
 */
export async function makeWatermarkedVideo(
  bytes: Buffer,
  size: { width?: number | undefined; height?: number | undefined },
  text = 'Lumen',
): Promise<Buffer> {
  const frame =
    size.width && size.height
      ? { width: size.width, height: size.height }
      : await probeVideoSize(bytes);
  if (!frame) throw new Error('cannot watermark: the video has no video stream');
  const mark = await watermarkOverlay(frame.width, frame.height, text);
  const markPng = await sharp(mark.rgba, {
    raw: { width: mark.width, height: mark.height, channels: 4 },
  })
    .png()
    .toBuffer();
  return runFfmpegOnFiles({
    inputs: { 'in.mp4': bytes, 'mark.png': markPng },
    output: 'out.mp4',
    args: (path) => [
      ...['-i', path('in.mp4'), '-i', path('mark.png')],
      ...['-filter_complex', '[0:v][1:v]overlay=W-w:H-h,format=yuv420p[v]'],
      ...['-map', '[v]', '-map', '0:a?', '-c:a', 'copy'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-threads', '2'],
      ...['-movflags', '+faststart', '-y', path('out.mp4')],
    ],
  });
}
