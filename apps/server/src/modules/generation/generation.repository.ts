import type { OutputFacts } from '@lumen/contracts/tasks';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  isNotNull,
  ilike,
  isNull,
  like,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import {
  createPreparedStatement,
  createRowMapper,
  type Database,
  type Executor,
  type Transaction,
} from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createBatchLoader } from '../../lib/coalesce';
import {
  taskOutputs,
  tasks,
  type NewTaskRow,
  type TaskInputs,
  type TaskOutputRow,
  type TaskRow,
} from './generation.schema';

/** Minutes of waiting that raise a queued task by one lane, so lower lanes never starve. */
const AGEING_SECONDS_PER_LANE = 120;

export type ClaimFilter = {
  workerId: string;
  engines: string[];
  taskTypes: string[] | null;
  leaseMs: number;
};

/** One output of a task, still in its owner's library or deleted from it. */
function outputAt(taskId: string, idx: number, state: 'kept' | 'deleted') {
  return and(
    eq(taskOutputs.taskId, taskId),
    eq(taskOutputs.idx, idx),
    state === 'kept' ? isNull(taskOutputs.deletedAt) : isNotNull(taskOutputs.deletedAt),
  );
}

/** How one task ends (see endTasks); `owner` null ends it whoever holds it (a lapsed lease). */
export type TaskEnd = {
  id: string;
  owner: string | null;
  status: 'done' | 'failed' | 'flagged';
  captured: number;
  errorMessage: string | null;
  failure: string | null;
};

const toTaskRow = createRowMapper(tasks);

/** One submission as queue_submit takes it: the task to queue, and what decides its fate. */
export type SubmissionItem = {
  /** The task's id, and its hold's, made by the caller. */
  id: string;
  holdId: string;
  userId: number;
  requestId: string;
  taskType: string;
  media: string;
  engine: string;
  settings: NewTaskRow['settings'];
  inputs: NewTaskRow['inputs'];
  isPrivate: boolean;
  remixOf: number | null;
  lane: number;
  maxRunning: number;
  /** What the run holds when paid (0 holds nothing). */
  cost: number;
  /** Queued or generating tasks of this media the user's grade allows. */
  allowed: number;
  /** When the balance is short: run relaxed (cost 0, lowest lane) or be refused. */
  relax: boolean;
  /** What the bill shows for the hold. */
  event: string;
};

/** How queue_submit answered one submission. */
export type SubmissionAnswer =
  | { outcome: 'queued' | 'replayed'; task: TaskRow; position: number }
  | { outcome: 'too_many' | 'no_credits' };

export function createGenerationRepository(db: Database, clock: Clock) {
  const claimStatement = createPreparedStatement<Record<string, unknown>>(
    db,
    'queue_claim',
    'select * from queue_claim($1::text[], $2::text[], $3::text[], $4::integer, $5::timestamptz, $6::text)',
  );
  const endStatement = createPreparedStatement<Record<string, unknown>>(
    db,
    'queue_end_tasks',
    'select * from queue_end_tasks($1::jsonb, $2::jsonb, $3::jsonb, $4::timestamptz, $5::text)',
  );
  // Every output of a task in one prepared statement: a statement built per output cost the
  // API's thread more than the database's work.
  const factsStatement = createPreparedStatement(
    db,
    'task_output_facts',
    'update task_outputs o set facts = f.facts from jsonb_to_recordset($2::jsonb) as f(idx integer, facts jsonb) where o.task_id = $1::uuid and o.idx = f.idx',
  );
  const submitStatement = createPreparedStatement<Record<string, unknown>>(
    db,
    'queue_submit',
    'select s.item, s.outcome, s.queue_position, (s.task).* from queue_submit($1::jsonb, $2::timestamptz, $3::text) s',
  );
  /**
   * The queued tasks ranked as the claim takes them: position 1 is next. queue_submit ranks
   * them the same way for the place it answers.
   */
  function rankedQueue() {
    const now = clock.now();
    return db
      .select({
        id: tasks.id,
        userId: tasks.userId,
        lane: tasks.lane,
        position:
          sql<number>`row_number() over (order by ${tasks.lane} + floor(extract(epoch from (${now}::timestamptz - ${tasks.createdAt})) / ${AGEING_SECONDS_PER_LANE}) desc, ${tasks.createdAt} asc)`.as(
            'position',
          ),
      })
      .from(tasks)
      .where(eq(tasks.status, 'queued'))
      .as('ranked');
  }

  /**
   * Queue positions of several tasks from one ranking of the queued tasks: every submit and
   * every poll of a waiting task asks, and concurrent asks share the query.
   */
  const positions = createBatchLoader(async (ids: string[]) => {
    const ranked = rankedQueue();
    const rows = await db
      .select({ id: ranked.id, position: ranked.position })
      .from(ranked)
      .where(inArray(ranked.id, ids));
    return new Map(rows.map((r) => [r.id, Number(r.position)]));
  });

  return {
    db,
    async insertTask(ex: Executor, row: NewTaskRow): Promise<TaskRow> {
      const [created] = await ex.insert(tasks).values(row).returning();
      if (!created) throw new Error('task insert returned nothing');
      return created;
    },
    /** Several tasks in one statement, in the given order. */
    async insertTasks(ex: Executor, rows: NewTaskRow[]): Promise<TaskRow[]> {
      if (rows.length === 0) return [];
      const created = await ex.insert(tasks).values(rows).returning();
      const byId = new Map(created.map((r) => [r.id, r]));
      return rows.map((r) => byId.get(r.id!)!);
    },
    /**
     * Queues a batch of submissions in one statement (queue_submit): under the users' account
     * locks, each is answered by its earlier task (a request id seen before), refused (the
     * active-task limit, or a short balance when it may not run relaxed), or held for and
     * queued, each seeing the ones before it. With `channel`, each answered task's event is sent
     * as the statement commits. Answers one entry per item, in order.
     */
    async submitTasks(
      items: SubmissionItem[],
      now: Date,
      channel: string | null,
    ): Promise<SubmissionAnswer[]> {
      if (items.length === 0) return [];
      const rows = await submitStatement([
        JSON.stringify(
          items.map((i) => ({
            id: i.id,
            hold_id: i.holdId,
            user_id: i.userId,
            request_id: i.requestId,
            task_type: i.taskType,
            media: i.media,
            engine: i.engine,
            settings: i.settings,
            inputs: i.inputs,
            is_private: i.isPrivate,
            remix_of: i.remixOf,
            lane: i.lane,
            max_running: i.maxRunning,
            cost: i.cost,
            allowed: i.allowed,
            relax: i.relax,
            event: i.event,
          })),
        ),
        now,
        channel,
      ]);
      return rows.map((row): SubmissionAnswer => {
        const outcome = row.outcome as SubmissionAnswer['outcome'];
        if (outcome === 'queued' || outcome === 'replayed') {
          return { outcome, task: toTaskRow(row), position: Number(row.queue_position) };
        }
        return { outcome };
      });
    },
    async findTask(ex: Executor, id: string): Promise<TaskRow | undefined> {
      const [row] = await ex.select().from(tasks).where(eq(tasks.id, id));
      return row;
    },
    /** The queued tasks of these users with their places in the queue. */
    async queuedOf(
      userIds: number[],
    ): Promise<{ id: string; userId: number; lane: number; position: number }[]> {
      if (userIds.length === 0) return [];
      const ranked = rankedQueue();
      const rows = await db
        .select({
          id: ranked.id,
          userId: ranked.userId,
          lane: ranked.lane,
          position: ranked.position,
        })
        .from(ranked)
        .where(inArray(ranked.userId, userIds));
      return rows.map((r) => ({ ...r, position: Number(r.position) }));
    },
    /** Tasks being generated now, by every worker. */
    async runningCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tasks)
        .where(eq(tasks.status, 'generating'));
      return row?.n ?? 0;
    },
    /** Where a queued task stands: 1 is next (same ordering as the claim); 0 once it left. */
    async queuePosition(task: TaskRow): Promise<number> {
      if (task.status !== 'queued') return 0;
      return (await positions.load(task.id)) ?? 0;
    },

    /**
     * Claims tasks for several waiting workers that declared the same capabilities, in one
     * statement (queue_claim): highest lane (plus ageing) first, oldest first, skipping rows
     * other workers hold and users at their running limit. The users' advisory locks, taken
     * in id order, make the running-limit check exact when claims race. With `channel`, each
     * claimed task's event is sent as the claim commits. Answers, for each entry of
     * `workerIds` (a worker running several tasks appears several times), its task or none.
     */
    async claim(
      filter: Omit<ClaimFilter, 'workerId'> & { workerIds: string[] },
      now: Date,
      channel: string | null = null,
    ): Promise<(TaskRow | undefined)[]> {
      if (filter.workerIds.length === 0) return [];
      const rows = await claimStatement([
        filter.workerIds,
        filter.engines,
        filter.taskTypes,
        filter.leaseMs,
        now,
        channel,
      ]);
      // Each worker id takes the tasks leased to it, one per slot it asked with.
      const byOwner = new Map<string, TaskRow[]>();
      for (const row of rows.map(toTaskRow)) {
        const owner = row.leaseOwner ?? '';
        byOwner.set(owner, [...(byOwner.get(owner) ?? []), row]);
      }
      return filter.workerIds.map((workerId) => byOwner.get(workerId)?.shift());
    },

    /**
     * Why a worker with these capabilities got nothing: how many tasks are queued, and how
     * many of them wait for another engine, another task type, or for their user's running
     * tasks to end. The rest were taken by other workers at the same moment.
     */
    async claimWaits(filter: { engines: string[]; taskTypes: string[] | null }) {
      const engines = sql.join(
        filter.engines.map((e) => sql`${e}`),
        sql`, `,
      );
      const mine = sql`${tasks.engine} in (${engines})`;
      const typeOk = filter.taskTypes
        ? sql`${tasks.taskType} in (${sql.join(
            filter.taskTypes.map((t) => sql`${t}`),
            sql`, `,
          )})`
        : sql`true`;
      const atLimit = sql`(select count(*) from tasks r where r.user_id = ${tasks.userId} and r.status = 'generating') >= ${tasks.maxRunning}`;
      const [row] = await db
        .select({
          queued: count(),
          otherEngine: sql<number>`count(*) filter (where not (${mine}))`.mapWith(Number),
          otherTaskType: sql<number>`count(*) filter (where ${mine} and not (${typeOk}))`.mapWith(
            Number,
          ),
          userAtLimit:
            sql<number>`count(*) filter (where ${mine} and ${typeOk} and ${atLimit})`.mapWith(
              Number,
            ),
        })
        .from(tasks)
        .where(eq(tasks.status, 'queued'));
      return {
        queued: row?.queued ?? 0,
        other_engine: row?.otherEngine ?? 0,
        other_task_type: row?.otherTaskType ?? 0,
        user_at_limit: row?.userAtLimit ?? 0,
      };
    },

    /** Extends the lease while the worker still owns the task: the task, or undefined once not. */
    async renewLease(
      taskId: string,
      workerId: string,
      leaseMs: number,
      now: Date,
      progress?: number,
    ): Promise<TaskRow | undefined> {
      const [row] = await db
        .update(tasks)
        .set({
          leaseExpiresAt: new Date(now.getTime() + leaseMs),
          updatedAt: now,
          ...(progress !== undefined ? { progress } : {}),
        })
        .where(
          and(eq(tasks.id, taskId), eq(tasks.leaseOwner, workerId), eq(tasks.status, 'generating')),
        )
        .returning();
      return row;
    },

    /**
     * Ends generating tasks in one statement (queue_end_tasks), each with its own outcome and
     * only while its worker (when given) still holds the lease: records the outputs of those
     * that ended, settles their holds (captured for what was delivered, the rest released)
     * under their users' credit locks, records the outputs' media rows (`media`, as the media
     * module made them) and, with `channel`, sends each ended task's event as it commits.
     * Answers the rows that ended.
     */
    async endTasks(
      ends: TaskEnd[],
      outputs: (typeof taskOutputs.$inferInsert)[],
      media: unknown[],
      now: Date,
      channel: string | null,
    ): Promise<TaskRow[]> {
      if (ends.length === 0) return [];
      const rows = await endStatement([
        JSON.stringify(
          ends.map((e) => ({
            id: e.id,
            owner: e.owner,
            status: e.status,
            captured: e.captured,
            error_message: e.errorMessage,
            failure: e.failure,
          })),
        ),
        JSON.stringify(
          outputs.map((o) => ({
            task_id: o.taskId,
            idx: o.idx,
            kind: o.kind,
            key: o.key,
            thumb_key: o.thumbKey ?? null,
            wm_key: o.wmKey ?? null,
            mime: o.mime,
            width: o.width ?? null,
            height: o.height ?? null,
            duration_s: o.durationS ?? null,
            seed: o.seed ?? null,
            description: o.description ?? null,
          })),
        ),
        JSON.stringify(media),
        now,
        channel,
      ]);
      return rows.map(toTaskRow);
    },

    /** Records what each of a task's output files is (see OutputFacts). */
    async setOutputFacts(taskId: string, facts: { idx: number; facts: OutputFacts }[]) {
      if (facts.length === 0) return;
      await factsStatement([taskId, JSON.stringify(facts)]);
    },

    /** Moves a task out of `from` states in the caller's transaction; undefined if it had left them. */
    async transition(
      ex: Executor,
      taskId: string,
      from: string[],
      patch: Partial<NewTaskRow>,
      owner?: string,
    ): Promise<TaskRow | undefined> {
      const [row] = await ex
        .update(tasks)
        .set(patch)
        .where(
          and(
            eq(tasks.id, taskId),
            inArray(tasks.status, from),
            ...(owner ? [eq(tasks.leaseOwner, owner)] : []),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Generating tasks whose lease ran out before `now`, or, given `ownerPrefix`, every one
     * held by a worker whose id starts with it (workers known to be gone).
     */
    expiredLeases(now: Date, limit: number, ownerPrefix?: string): Promise<TaskRow[]> {
      return db
        .select()
        .from(tasks)
        .where(
          and(
            eq(tasks.status, 'generating'),
            ownerPrefix === undefined
              ? lt(tasks.leaseExpiresAt, now)
              : like(tasks.leaseOwner, `${ownerPrefix.replace(/[\\%_]/g, '\\$&')}%`),
          ),
        )
        .orderBy(asc(tasks.leaseExpiresAt))
        .limit(limit);
    },

    /**
     * Puts a generating task back in the queue while `owner` still holds it (a worker's lease
     * that ran out, or a worker handing it back). `refund` gives the claim's attempt back, for
     * a worker that stops on purpose.
     */
    async requeue(
      taskId: string,
      owner: string,
      now: Date,
      { refund = false }: { refund?: boolean } = {},
    ): Promise<TaskRow | undefined> {
      const [row] = await db
        .update(tasks)
        .set({
          status: 'queued',
          leaseOwner: null,
          leaseExpiresAt: null,
          progress: 0,
          updatedAt: now,
          ...(refund ? { attempts: sql`greatest(${tasks.attempts} - 1, 0)` } : {}),
        })
        .where(
          and(eq(tasks.id, taskId), eq(tasks.status, 'generating'), eq(tasks.leaseOwner, owner)),
        )
        .returning();
      return row;
    },

    /** The outputs still in their owner's library (deleted ones are left out). */
    async listOutputs(taskIds: string[]): Promise<TaskOutputRow[]> {
      if (taskIds.length === 0) return [];
      return db
        .select()
        .from(taskOutputs)
        .where(and(inArray(taskOutputs.taskId, taskIds), isNull(taskOutputs.deletedAt)))
        .orderBy(asc(taskOutputs.idx));
    },

    /**
     * Marks one output deleted from its owner's library; answers the row, or undefined when
     * there is no such output or it was deleted already (a second press changes nothing).
     */
    async deleteOutput(
      ex: Executor,
      taskId: string,
      idx: number,
      now: Date,
    ): Promise<TaskOutputRow | undefined> {
      const [row] = await ex
        .update(taskOutputs)
        .set({ deletedAt: now })
        .where(outputAt(taskId, idx, 'kept'))
        .returning();
      return row;
    },

    /**
     * Holds an output still in the library until the caller's transaction ends, so that a
     * deletion waits for it (publishing); false when it is gone.
     */
    async holdOutput(tx: Transaction, taskId: string, idx: number): Promise<boolean> {
      const rows = await tx
        .select({ id: taskOutputs.id })
        .from(taskOutputs)
        .where(outputAt(taskId, idx, 'kept'))
        .for('share');
      return rows.length > 0;
    },

    /** Every output of this user's tasks still in the library. */
    async keptOutputsOf(userId: number): Promise<{ taskId: string; idx: number }[]> {
      return db
        .select({ taskId: taskOutputs.taskId, idx: taskOutputs.idx })
        .from(taskOutputs)
        .innerJoin(tasks, eq(tasks.id, taskOutputs.taskId))
        .where(and(eq(tasks.userId, userId), isNull(taskOutputs.deletedAt)));
    },

    /** Which of this user's outputs still in the library these media keys are. */
    async outputsByKeys(
      userId: number,
      keys: string[],
    ): Promise<{ taskId: string; idx: number; key: string }[]> {
      if (keys.length === 0) return [];
      return db
        .select({ taskId: taskOutputs.taskId, idx: taskOutputs.idx, key: taskOutputs.key })
        .from(taskOutputs)
        .innerJoin(tasks, eq(tasks.id, taskOutputs.taskId))
        .where(
          and(
            eq(tasks.userId, userId),
            inArray(taskOutputs.key, keys),
            isNull(taskOutputs.deletedAt),
          ),
        );
    },

    /** Which of these media keys are outputs deleted from their owner's library. */
    async deletedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: taskOutputs.key })
        .from(taskOutputs)
        .where(and(inArray(taskOutputs.key, keys), isNotNull(taskOutputs.deletedAt)));
      return new Set(rows.map((r) => r.key));
    },

    /**
     * Which of these keys some task of the key's owner lists among its inputs. A task only
     * takes its own user's files, so each key is looked up among its owner's tasks alone,
     * through their user index.
     */
    async inputKeysInUse(candidates: { userId: number; key: string }[]): Promise<Set<string>> {
      if (candidates.length === 0) return new Set();
      const userIds = candidates.map((c) => c.userId);
      const keys = candidates.map((c) => c.key);
      const listed = (list: keyof TaskInputs) =>
        sql`${tasks.inputs}->${list}::text @> to_jsonb(c.key)`;
      const rows = await db
        .select({ key: sql<string>`c.key` })
        .from(
          sql`unnest(${sql.param(userIds)}::bigint[], ${sql.param(keys)}::text[]) as c(user_id, key)`,
        )
        .where(
          exists(
            db
              .select({ one: sql`1` })
              .from(tasks)
              .where(
                and(
                  sql`${tasks.userId} = c.user_id`,
                  or(listed('images'), listed('videos'), listed('audios'), listed('masks')),
                ),
              ),
          ),
        );
      return new Set(rows.map((r) => r.key));
    },

    /** An output deleted from its owner's library, if it is one. */
    async findDeletedOutput(taskId: string, idx: number): Promise<TaskOutputRow | undefined> {
      const [row] = await db
        .select()
        .from(taskOutputs)
        .where(outputAt(taskId, idx, 'deleted'));
      return row;
    },

    /**
     * A user's tasks, newest first; with `search`, only those whose prompt contains it, in any
     * case (the characters of `search` are taken literally). A finished task whose every output
     * was deleted is gone from the history.
     */
    async listTasks(
      userId: number,
      media: string | null,
      offset: number,
      limit: number,
      search?: string,
    ) {
      const kept = sql`not (${tasks.status} = 'done' and not exists (select 1 from ${taskOutputs} o where o.task_id = ${tasks.id} and o.deleted_at is null))`;
      const where = and(
        eq(tasks.userId, userId),
        media ? eq(tasks.media, media) : undefined,
        kept,
        search
          ? ilike(sql`${tasks.settings}->>'prompt'`, `%${search.replace(/[\\%_]/g, '\\$&')}%`)
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(tasks)
          .where(where)
          .orderBy(desc(tasks.createdAt))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(tasks).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type GenerationRepository = ReturnType<typeof createGenerationRepository>;
