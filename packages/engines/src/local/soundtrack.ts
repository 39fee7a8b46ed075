import { runFfmpegOnFiles } from './ffmpeg-files';
import type { RenderedVideo, VideoRunOptions } from './preview-video';

/**
 * Lays a soundtrack (any format ffmpeg reads; uploads are MP3) under a rendered clip: the
 * picture is copied as it is, the sound becomes AAC, cut at the clip's end or padded with
 * silence up to it, so the clip keeps its length. Bit-exact flags keep the output
 * reproducible, like the clip itself.
 */
export async function withSoundtrack<Clip extends Pick<RenderedVideo, 'video' | 'durationS'>>(
  clip: Clip,
  audio: Buffer,
  options: Pick<VideoRunOptions, 'ffmpegPath' | 'tempDir' | 'signal'> = {},
): Promise<Clip> {
  const video = await runFfmpegOnFiles({
    inputs: { 'clip.mp4': clip.video, 'sound.bin': audio },
    output: 'out.mp4',
    args: (path) => [
      ...['-i', path('clip.mp4'), '-i', path('sound.bin')],
      ...['-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy'],
      // `-t` rather than `-shortest`: the latter stops the sound up to 0.2 s short of the picture.
      ...['-af', 'apad', '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-t', String(clip.durationS)],
      ...['-fflags', '+bitexact', '-flags:a', '+bitexact', '-map_metadata', '-1'],
      ...['-movflags', '+faststart', '-y', path('out.mp4')],
    ],
    ...options,
  });
  return { ...clip, video };
}
