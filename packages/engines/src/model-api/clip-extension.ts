import type { MediaFacts } from '../comfyui/media-probe';
import { runFfmpegOnFiles } from '../local/ffmpeg-files';

/**
 * A video extend on a hosted API: no hosted model continues a clip, so an image-to-video
 * model is started from the clip's last frame and its result is joined to the clip here.
 */

/** The last frame of a clip as PNG: ffmpeg seeks near the end and keeps overwriting one file. */
export function lastFrame(clip: Buffer, signal?: AbortSignal): Promise<Buffer> {
  return runFfmpegOnFiles({
    inputs: { 'in.mp4': clip },
    output: 'last.png',
    args: (path) => ['-sseof', '-1', '-i', path('in.mp4'), '-update', '1', '-y', path('last.png')],
    signal,
  });
}

/**
 * The clip followed by the extension, as one H.264 MP4 at the clip's size and rate: the
 * extension is scaled and retimed to match, and its first frame (the clip's last, which the
 * model started from) is dropped so the join does not stutter. The clip's own sound plays
 * over its part.
 */
export function joinExtension(
  clip: Buffer,
  facts: MediaFacts,
  extension: Buffer,
  signal?: AbortSignal,
): Promise<Buffer> {
  const even = (px: number) => Math.max(2, Math.round(px / 2) * 2);
  const size = `${even(facts.width)}:${even(facts.height)}`;
  const fps = facts.fps || 24;
  const graph = [
    `[0:v]scale=${size},setsar=1,fps=${fps}[clip]`,
    `[1:v]scale=${size},setsar=1,fps=${fps},trim=start_frame=1,setpts=PTS-STARTPTS[more]`,
    '[clip][more]concat=n=2:v=1:a=0[v]',
  ].join(';');
  return runFfmpegOnFiles({
    inputs: { 'clip.mp4': clip, 'more.mp4': extension },
    output: 'joined.mp4',
    args: (path) => [
      ...['-i', path('clip.mp4'), '-i', path('more.mp4'), '-filter_complex', graph],
      ...['-map', '[v]', '-map', '0:a?', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-movflags', '+faststart', '-y', path('joined.mp4')],
    ],
    signal,
  });
}
