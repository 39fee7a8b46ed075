/**
 * Thrown when a task is cancelled mid-run (the worker's progress call answered false, or its
 * abort signal fired). The worker treats it as "stopped on purpose", not as a failure.
 */
export class EngineCancelledError extends Error {
  constructor(message = 'The task was cancelled') {
    super(message);
    this.name = 'EngineCancelledError';
  }
}

/** Reports a step's progress as a fraction 0–1; rejects with EngineCancelledError to stop. */
export type ProgressReporter = (fraction: number) => Promise<void>;

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new EngineCancelledError();
}
