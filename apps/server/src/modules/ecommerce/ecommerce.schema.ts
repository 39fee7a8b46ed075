import type { ShopCategory, ShopRatio, ShopScene, ShopSize } from '@lumen/contracts/ecommerce';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

/**
 * A user's e-commerce template (spec §3: name, size in cm, category, ratio) and the scene it
 * describes. The starter set lives in the contracts, not here, so every user sees the same one.
 */
export const shopTemplates = pgTable(
  'shop_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: jsonb('size').$type<ShopSize>().notNull(),
    category: text('category').$type<ShopCategory>().notNull(),
    ratio: text('ratio').$type<ShopRatio>().notNull(),
    scene: jsonb('scene').$type<ShopScene>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('shop_templates_user_idx').on(t.userId, t.createdAt)],
);

export type ShopTemplateRow = typeof shopTemplates.$inferSelect;
