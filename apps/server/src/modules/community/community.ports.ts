import type { Transaction } from '../../db/database';
import type { EmailNotices } from '../account/account.schema';
import type { UserRow } from '../auth/auth.schema';
import type { TaskOutputRow, TaskRow } from '../generation/generation.schema';

/**
 * What the community module needs from the others, wired in app.ts: people (auth, account),
 * tasks (generation), media URLs and ownership (media), e-mail.
 */
export interface CommunityPeople {
  /** Users by id; unknown ids are left out. */
  listByIds(ids: number[]): Promise<UserRow[]>;
  getUser(userId: number): Promise<UserRow>;
  isAdmin(user: UserRow): boolean;
  bioOf(userId: number): Promise<string>;
  emailNoticesOf(userId: number): Promise<EmailNotices>;
  ban(userId: number): Promise<UserRow>;
  /** Active user ids after `afterId`, ascending, for broadcasts in batches. */
  listActiveIds(afterId: number, limit: number): Promise<number[]>;
}

export interface CommunityTasks {
  findTaskWithOutputs(
    taskId: string,
  ): Promise<{ task: TaskRow; outputs: TaskOutputRow[] } | undefined>;
  /**
   * Holds an output still in its owner's library until `tx` ends, so that deleting it waits
   * for the work to exist (and then keeps its files); false when it was deleted.
   */
  holdOutput(tx: Transaction, taskId: string, idx: number): Promise<boolean>;
  /** A work of this output was removed: files its owner already deleted may go now. */
  releaseOutput(taskId: string, idx: number): Promise<void>;
}

export interface CommunityMedia {
  /** A short-lived URL the browser may load. */
  urlFor(key: string): Promise<string>;
  /** Owner, origin ('upload' | 'output') and task of stored objects, by key. */
  describeKeys(
    keys: string[],
  ): Promise<Map<string, { userId: number; origin: string; taskId: string | null }>>;
  /** Whether what this user shows publicly carries the watermark (spec §6). */
  watermarkFor(user: UserRow): Promise<boolean>;
  /** Makes an output's watermarked twin if it does not exist yet. */
  ensureTwin(userId: number, key: string): Promise<void>;
}

export interface CommunityMail {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}
