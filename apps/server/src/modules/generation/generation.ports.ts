import type { OutputFacts } from '@lumen/contracts/tasks';
import type { MediaKind } from '@lumen/contracts/media';
import type { EngineOutput } from '@lumen/engines/engine';

/** What generation needs from the media module: checked inputs, stored outputs, URLs. */
export interface GenerationMedia {
  /** Checks an uploaded input for a task (owner, real type, size, dimensions). */
  checkImageInput(
    userId: number,
    key: string,
    rules: {
      maxBytes: number;
      minSide: number;
      minRatio: number;
      maxRatio: number;
      maxSide?: number;
    },
  ): Promise<{ key: string; width: number; height: number }>;
  /** Checks a clip for a task against its tool's rules (owner, mp4, size, length, shape). */
  checkVideoInput(
    userId: number,
    key: string,
    rules: {
      maxBytes: number;
      maxDurationS: number;
      maxSide: number;
      shape?: '16:9' | '1:1';
    },
  ): Promise<{
    key: string;
    width: number;
    height: number;
    durationS: number;
    taskId: string | null;
  }>;
  /** Checks an uploaded voice track for a task (owner, real type, size). */
  checkAudioInput(userId: number, key: string): Promise<{ key: string }>;
  readInput(key: string): Promise<Buffer>;
  /**
   * Stores outputs' files with their thumbnails (watermarked twins are named, made on first
   * use). Their media rows are not written here: each comes back as `record`, in the shape the
   * database's `media_record_outputs` reads, for the task's end to record in its statement.
   */
  storeOutputs(
    userId: number,
    taskId: string,
    outputs: EngineOutput[],
  ): Promise<
    {
      idx: number;
      kind: string;
      key: string;
      thumbKey: string | null;
      wmKey: string | null;
      mime: string;
      facts: OutputFacts;
      record: unknown;
    }[]
  >;
  /** A short-lived URL the browser may load. */
  urlFor(key: string): Promise<string>;
  /** Stored files among `keys` (a task's inputs), with URLs to show them; gone ones left out. */
  describeInputs(keys: string[]): Promise<
    {
      key: string;
      kind: MediaKind;
      /** The task that made it, for one of the user's results. */
      taskId: string | null;
      url: string;
      thumbUrl: string | null;
      width: number | null;
      height: number | null;
    }[]
  >;
  /**
   * Forgets an output deleted from the library: out of every folder, and with its thumbnail
   * and watermarked twin gone from the store unless `keepFiles` (a published work shows it).
   */
  discardOutput(userId: number, key: string, options: { keepFiles: boolean }): Promise<void>;
  /** Removes the files a task stored before it ended without results. */
  discardTaskOutputs(userId: number, taskId: string): Promise<void>;
  /**
   * Removes what remote workers uploaded for the task and never reported (a worker that
   * stopped between its upload and its completion): its `stagingPrefix` folder.
   */
  discardStaging(taskId: string): Promise<void>;
}

/** Where a remote worker uploads a task's outputs before reporting them (worker API). */
export const stagingPrefix = (taskId: string) => `staging/${taskId}/`;

/** Scores an image for adult content, 0–1 (moderation). */
export type NsfwScorer = (image: Buffer) => Promise<number>;
