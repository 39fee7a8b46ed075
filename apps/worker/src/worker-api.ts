import type { WorkerEngineSettings } from '@lumen/contracts/engine-settings';
import type { WorkerFailureReason } from '@lumen/contracts/tasks';
import type { EngineOutput, EnginePreview, EngineTask } from '@lumen/engines/engine';

export type ClaimedTask = EngineTask & {
  engine: string;
  /** Addresses of the inputs that servers elsewhere can fetch, by key (see `EngineIO.publicUrl`). */
  publicUrls?: ReadonlyMap<string, string>;
};

/**
 * How a worker talks to the queue: in-process for the embedded worker of `npm start`, over
 * HTTPS with a worker token for workers anywhere (http-worker-api.ts).
 */
export interface WorkerApi {
  /**
   * One task, or null. With `waitMs` the server holds the claim until a task is queued or the
   * time is up (or `signal` aborts), so an idle worker need not ask again and again.
   */
  claim(
    caps: { workerId: string; engines: string[]; taskTypes: string[] | null },
    options?: { waitMs?: number; signal?: AbortSignal },
  ): Promise<ClaimedTask | null>;
  /** Renews the lease and reports progress; false means stop (cancelled or lease lost). */
  heartbeat(taskId: string, workerId: string, progress?: number): Promise<boolean>;
  /** Shows the task's owner a picture of the work in progress; optional for older servers. */
  preview?(taskId: string, workerId: string, image: EnginePreview): Promise<void>;
  readInput(key: string): Promise<Buffer>;
  complete(taskId: string, workerId: string, outputs: EngineOutput[]): Promise<boolean>;
  /** `message` is for the operators; `reason` picks what the task's owner is told. */
  fail(
    taskId: string,
    workerId: string,
    message: string,
    reason?: WorkerFailureReason,
  ): Promise<boolean>;
  /**
   * The engine connections the server holds (its environment and the admin Engines page),
   * or null from a server that keeps none for workers.
   */
  engineSettings?(): Promise<WorkerEngineSettings | null>;
  /** Hands a task back to the queue when the worker stops; false when it was no longer ours. */
  release(taskId: string, workerId: string): Promise<boolean>;
}
