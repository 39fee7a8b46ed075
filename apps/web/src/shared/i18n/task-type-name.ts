import { taskTypeDefinitions } from '@lumen/contracts/task-types';
import type { TFunction } from 'i18next';

/**
 * A task type's name in the reader's language, from the one `taskTypes` catalogue every screen
 * shares. A type this build does not know yet (a newer server) reads as a generic name rather
 * than its code, which means nothing to a user.
 */
export function taskTypeName(t: TFunction, taskType: string): string {
  if (!Object.hasOwn(taskTypeDefinitions, taskType)) return t('taskTypeUnknown');
  return t(`taskTypes.${taskType}`, { defaultValue: t('taskTypeUnknown') });
}
