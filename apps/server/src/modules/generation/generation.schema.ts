import type { OutputFacts } from '@lumen/contracts/tasks';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EngineSettings } from '@lumen/contracts/generation';
import type { TaskFailureReason } from '@lumen/contracts/tasks';
import { users } from '../auth/auth.schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export type TaskInputs = {
  images: string[];
  videos: string[];
  audios: string[];
  /** The editing tools' mask; absent on tasks of other tools and from before masks. */
  masks?: string[];
};

/**
 * The queue (architecture decision 2): a task row is queued in the same transaction that holds
 * its credits; workers claim it with FOR UPDATE SKIP LOCKED under a lease.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskType: text('task_type').notNull(),
    media: text('media').notNull(),
    engine: text('engine').notNull(),
    status: text('status').notNull(),
    progress: integer('progress').notNull().default(0),
    settings: jsonb('settings').$type<EngineSettings>().notNull(),
    inputs: jsonb('inputs').$type<TaskInputs>().notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    /** The community work this task remixes (reuse seed, recreate, img2img from a work). */
    remixOf: bigint('remix_of', { mode: 'number' }),
    /** Claim priority from the plan grade; waiting time is added at claim so nobody starves. */
    lane: integer('lane').notNull(),
    /** How many of this user's tasks may generate at once (free/basic 1, plus/pro 4). */
    maxRunning: integer('max_running').notNull(),
    cost: integer('cost').notNull(),
    holdId: uuid('hold_id'),
    captured: integer('captured').notNull().default(0),
    errorCode: integer('error_code'),
    /** The operator's detail of a failure (engine errors name hosts and files). */
    errorMessage: text('error_message'),
    /** Why it ended without a result, for its owner (TaskFailureReason). */
    failure: text('failure').$type<TaskFailureReason>(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: ts('lease_expires_at'),
    requestId: text('request_id').notNull(),
    createdAt: ts('created_at').notNull(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('tasks_request_uq').on(t.userId, t.requestId),
    index('tasks_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'queued'`),
    index('tasks_user_active_idx').on(t.userId, t.status),
    index('tasks_lease_idx')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'generating'`),
    index('tasks_user_created_idx').on(t.userId, t.createdAt),
    // The admin Engines page's last-24-hours figures per task type read a range of this.
    index('tasks_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.finishedAt} is not null`),
    // History search (`prompt ILIKE '%…%'`) by trigram, whatever the library's size.
    index('tasks_prompt_trgm_idx').using('gin', sql`(${t.settings} ->> 'prompt') gin_trgm_ops`),
  ],
);

export const taskOutputs = pgTable(
  'task_outputs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    thumbKey: text('thumb_key'),
    wmKey: text('wm_key'),
    mime: text('mime').notNull(),
    width: integer('width'),
    height: integer('height'),
    durationS: doublePrecision('duration_s'),
    seed: bigint('seed', { mode: 'number' }),
    nsfwScore: doublePrecision('nsfw_score'),
    /** What the output shows, in words, when its engine said (vivago's sub-result `description`). */
    description: text('description'),
    /** What its file is (size, a video's fps and sound, a model's faces), read when stored. */
    facts: jsonb('facts').$type<OutputFacts>(),
    createdAt: ts('created_at').notNull(),
    /**
     * When its owner deleted it from the library (decision 0020). The row stays so that a work
     * published from it keeps its place; the library and the results no longer show it.
     */
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('task_outputs_task_idx_uq').on(t.taskId, t.idx)],
);

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
export type TaskOutputRow = typeof taskOutputs.$inferSelect;
