import type { EngineOutput, EngineTask } from '../engine';
import { soundEffectFor } from '../local/sound-effect';
import { withSoundtrack } from '../local/soundtrack';

const soundHandler = Buffer.from('soun', 'ascii');

/**
 * Whether an MP4 carries a sound track: some track's handler box (`hdlr`: size, type,
 * version and flags, pre-defined, then the handler type) says `soun`.
 */
export function mp4HasSound(bytes: Buffer): boolean {
  for (let at = bytes.indexOf('hdlr'); at !== -1; at = bytes.indexOf('hdlr', at + 4)) {
    if (bytes.subarray(at + 12, at + 16).equals(soundHandler)) return true;
  }
  return false;
}

/**
 * The sound effect a user asked for, under each silent MP4 a workflow gave back. A template
 * with an audio model of its own (reading `{{sound_effect}}`) keeps its sound; one without
 * gets the ambience the local engine makes for the prompt, so the setting is never paid for
 * and lost.
 */
export async function addMissingSoundEffects(
  task: EngineTask,
  outputs: EngineOutput[],
  signal?: AbortSignal,
): Promise<EngineOutput[]> {
  if (!task.settings.soundEffect) return outputs;
  const result: EngineOutput[] = [];
  for (const output of outputs) {
    if (output.kind !== 'video' || output.mime !== 'video/mp4' || mp4HasSound(output.bytes)) {
      result.push(output);
      continue;
    }
    const durationS = output.durationS ?? task.settings.durationS;
    const { wav } = soundEffectFor(
      { prompt: task.settings.prompt, durationS },
      output.seed ?? task.settings.seed,
    );
    const { video } = await withSoundtrack({ video: output.bytes, durationS }, wav, { signal });
    result.push({ ...output, bytes: video });
  }
  return result;
}
