import { z } from 'zod';

import { tools, toolIds, toolsWhere, type ToolDefinition, type ToolId } from './tools';

/**
 * Task types: the spec §3 list plus the kinds this product adds (3D, the editing tools),
 * each declared once in `tools/`. `media` is the gateway segment
 * (`/api/gw/v3/{media}/{module}/async`).
 */
export const taskTypeDefinitions: { readonly [Id in ToolId]: ToolDefinition<Id> } = tools;

export type TaskType = ToolId;

/**
 * Video kinds that may carry a generated sound effect (the toggle of spec §3); audio animate
 * and lip sync bring their own sound.
 */
export const soundEffectTaskTypes = toolsWhere((t) => t.soundEffect === true);
/**
 * Tools whose output is their input transformed, with nothing drawn that was not in it (the
 * cut-out, the enlargement, the eraser's fill, the trace). The input already passed
 * moderation (an upload is scored when it arrives, an output when it is made), so the result
 * is not scored again.
 */
export const unscoredTaskTypes = toolsWhere((t) => !t.scoresOutputs);
export const taskTypes: TaskType[] = toolIds;
export const taskTypeSchema = z.enum(taskTypes as [TaskType, ...TaskType[]]);

/** Engines a task type can be routed to (architecture decision 4). */
export const engineNames = ['local', 'comfyui', 'openai', 'replicate', 'fal'] as const;
export const engineNameSchema = z.enum(engineNames);
export type EngineName = z.infer<typeof engineNameSchema>;

/**
 * Engines that wait on someone else's servers (hosted model APIs), not on this machine's CPU
 * or GPU: a worker runs their tasks in slots of their own, many at once.
 */
export const remoteEngineNames: ReadonlySet<EngineName> = new Set<EngineName>([
  'openai',
  'replicate',
  'fal',
]);
