import { engineSettingsSchema, type EngineSettings } from '@lumen/contracts/generation';
import type { TaskType } from '@lumen/contracts/task-types';
import type { EngineIO, EnginePreview, EngineTask } from '../engine';
import type { WorkflowGraph } from './comfyui-schemas';

/** Test support shared by the engine tests: tasks, a recording EngineIO, graph lookups. */

export function makeTask(
  taskType: TaskType,
  settings: Partial<EngineSettings> = {},
  images: string[] = [],
  masks?: string[],
): EngineTask {
  return {
    id: `task-${taskType}`,
    taskType,
    settings: engineSettingsSchema.parse({
      prompt: 'a red fox in fresh snow',
      seed: 1234,
      ...settings,
    }),
    inputs: { images, videos: [], audios: [], ...(masks ? { masks } : {}) },
  };
}

export type RecordingIO = EngineIO & {
  reported: number[];
  previews: EnginePreview[];
  controller: AbortController;
};

export function makeIo(
  inputs: Record<string, Buffer> = {},
  onProgress: (percent: number) => boolean | Promise<boolean> = () => true,
): RecordingIO {
  const controller = new AbortController();
  const reported: number[] = [];
  const previews: EnginePreview[] = [];
  return {
    reported,
    previews,
    controller,
    signal: controller.signal,
    async readInput(key) {
      const bytes = inputs[key];
      if (!bytes) throw new Error(`no input ${key}`);
      return bytes;
    },
    async progress(percent) {
      reported.push(percent);
      return onProgress(percent);
    },
    async preview(image) {
      previews.push(image);
    },
  };
}

/** The inputs of the one node of a class in a graph (fails the test if there isn't one). */
export function nodeOf(
  graph: WorkflowGraph | undefined,
  classType: string,
): Record<string, unknown> {
  const nodes = Object.values(graph ?? {}).filter((node) => node.class_type === classType);
  if (nodes.length !== 1) throw new Error(`expected one ${classType}, found ${nodes.length}`);
  return nodes[0]?.inputs ?? {};
}

export function nodesOf(
  graph: WorkflowGraph | undefined,
  classType: string,
): Array<Record<string, unknown>> {
  return Object.values(graph ?? {})
    .filter((node) => node.class_type === classType)
    .map((node) => node.inputs);
}
