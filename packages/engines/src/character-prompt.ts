import type { EngineSettings } from '@lumen/contracts/generation';
import type { TaskType } from '@lumen/contracts/task-types';

/**
 * What an identity-keeping model is asked for a character tool: the user's words about the
 * person in the reference pictures, with a plain default when there are none (the models
 * need a prompt). Other tools' prompts go as they are.
 */
export function characterPrompt({
  taskType,
  settings,
}: {
  taskType: TaskType;
  settings: Pick<EngineSettings, 'prompt'>;
}): string {
  if (taskType !== 'character_image' && taskType !== 'character_video') return settings.prompt;
  const wanted =
    settings.prompt.trim() ||
    (taskType === 'character_video'
      ? 'turning to the camera and smiling'
      : 'a portrait in soft daylight');
  return `The same person as in the reference photos, keeping their face and identity: ${wanted}`;
}
