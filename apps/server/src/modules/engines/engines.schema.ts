import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Engine connections saved on the admin Engines page. `sealed` is the connection's JSON under
 * AES-256-GCM (see engine-secrets.ts): the database never holds a key in plain text.
 */
export const engineConnections = pgTable('engine_connections', {
  engine: text('engine').primaryKey(),
  sealed: text('sealed').notNull(),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
});

/**
 * Workers that claimed tasks, written at most every few seconds per worker from each node's
 * memory (decision 0036), so that every API node's Engines page lists them all.
 */
export const workers = pgTable('workers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  engines: jsonb('engines').$type<string[]>().notNull(),
  /** null: it takes every task type of its engines. */
  taskTypes: jsonb('task_types').$type<string[] | null>(),
  tasksDone: integer('tasks_done').notNull().default(0),
  firstSeenAt: ts('first_seen_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
});

export type EngineConnectionRow = typeof engineConnections.$inferSelect;
export type WorkerRow = typeof workers.$inferSelect;
