import type { EngineRoute } from '@lumen/contracts/engine-settings';
import type { EngineSettings } from '@lumen/contracts/generation';
import type { EngineName, TaskType } from '@lumen/contracts/task-types';

/**
 * An engine turns one task into output files (architecture decision 4). The worker runner
 * claims a task, hands it to the engine that `algo_config` names for its type, and uploads
 * what comes back. Engines never touch the database or the object store themselves: all I/O
 * goes through `EngineIO`, so the same engine runs inside the server or in a remote worker.
 */
export interface Engine {
  readonly name: EngineName;
  /** Task types this engine can serve; a worker declares them when it claims. */
  supports(taskType: TaskType): boolean;
  run(task: EngineTask, io: EngineIO): Promise<EngineOutput[]>;
}

export type EngineTask = {
  id: string;
  taskType: TaskType;
  /** Validated, normalised settings (prompt, seed, ratio, count, duration, …). */
  settings: EngineSettings;
  /** Media keys of the task's inputs, by kind. */
  inputs: {
    images: string[];
    videos: string[];
    audios: string[];
    /** The editing tools' mask (white where the edit goes); absent for other tools. */
    masks?: string[];
  };
  /** The model and fixed inputs an admin chose for this task type; the engine's default when absent. */
  route?: EngineRoute;
};

export interface EngineIO {
  /** Reads an input's bytes by media key. */
  readInput(key: string): Promise<Buffer>;
  /** Reports progress 0–100; resolves false when the task was cancelled and work should stop. */
  progress(percent: number): Promise<boolean>;
  /**
   * A picture of the work in progress (ComfyUI's sampler previews), for the task's card to
   * show blurred while it sharpens. Optional: engines without previews never call it, and a
   * preview that cannot be delivered is dropped, never a reason to stop.
   */
  preview?(image: EnginePreview): Promise<void>;
  /**
   * An address of the input that servers elsewhere can fetch (a signed URL under
   * `PUBLIC_URL`), or null when this server is not reachable from outside: engines of hosted
   * APIs then send the bytes instead.
   */
  publicUrl?(key: string): string | null;
  readonly signal: AbortSignal;
}

export type EnginePreview = { mime: 'image/jpeg' | 'image/png'; bytes: Buffer };

export type EngineOutput = {
  kind: 'image' | 'video' | 'model' | 'audio';
  /** A still that belongs to the video or model just before it (its thumbnail), not a result. */
  role?: 'poster';
  mime: string;
  bytes: Buffer;
  width?: number;
  height?: number;
  durationS?: number;
  seed?: number;
  /** What the output shows, in words (vivago's sub-result `description`): the preview engine names what it drew. */
  description?: string;
};
