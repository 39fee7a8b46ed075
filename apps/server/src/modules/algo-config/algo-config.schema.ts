import {
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Algorithm configuration, grouped in sets (spec §7 `algo_config/list`). `client_type` 'all'
 * rows are served to every client. Later features add sets; admins edit rows.
 */
export const algoConfig = pgTable(
  'algo_config',
  {
    id: serial('id').primaryKey(),
    algoSet: text('algo_set').notNull(),
    clientType: text('client_type').notNull().default('all'),
    key: text('key').notNull(),
    name: text('name').notNull(),
    taskType: text('task_type'),
    engine: text('engine'),
    cover: text('cover'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('algo_config_set_client_key_uq').on(t.algoSet, t.clientType, t.key)],
);

export type AlgoConfigRow = typeof algoConfig.$inferSelect;
export type NewAlgoConfigRow = typeof algoConfig.$inferInsert;
