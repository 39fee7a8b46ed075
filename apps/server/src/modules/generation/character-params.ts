import { characterParamsSchema } from '@lumen/contracts/tools/character';
import type { EngineSettings } from '@lumen/contracts/generation';
import type { GatewaySubmit } from '@lumen/contracts/tasks';
import { taskTypeDefinitions, type TaskType } from '@lumen/contracts/task-types';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError } from '../../lib/app-error';

/** The tools that run with a character's pictures (`params.character_id`). */
const characterTools: ReadonlySet<TaskType> = new Set(['character_image', 'character_video']);

/**
 * The pictures a character tool adds to its task: the character's references and its sheet,
 * looked up from `params.character_id` (already checked against the tool's params schema).
 * The character must be the user's own and ready; the refusal comes before credits move.
 */
export async function characterImagesOf(
  deps: { characterReferences?(userId: number, characterId: number): Promise<string[]> },
  userId: number,
  taskType: TaskType,
  body: GatewaySubmit,
  settings: EngineSettings,
): Promise<string[]> {
  if (!characterTools.has(taskType)) return [];
  if (!deps.characterReferences) {
    throw new AppError(ErrorCode.invalidParams, 'errors.taskTypeUnavailable', {
      taskType: taskTypeDefinitions[taskType].id,
    });
  }
  const { character_id } = characterParamsSchema.parse(body.params);
  const pictures = await deps.characterReferences(userId, character_id);
  settings.characterId = character_id;
  return pictures;
}
