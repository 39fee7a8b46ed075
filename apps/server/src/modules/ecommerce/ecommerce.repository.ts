import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { shopTemplates, type ShopTemplateRow } from './ecommerce.schema';

export function createEcommerceRepository(db: Database) {
  const own = (userId: number, id: number) =>
    and(eq(shopTemplates.userId, userId), eq(shopTemplates.id, id));

  return {
    async listTemplates(userId: number): Promise<ShopTemplateRow[]> {
      return db
        .select()
        .from(shopTemplates)
        .where(eq(shopTemplates.userId, userId))
        .orderBy(asc(shopTemplates.createdAt), asc(shopTemplates.id));
    },
    async countTemplates(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(shopTemplates)
        .where(eq(shopTemplates.userId, userId));
      return row?.n ?? 0;
    },
    async findTemplate(userId: number, id: number): Promise<ShopTemplateRow | undefined> {
      const [row] = await db.select().from(shopTemplates).where(own(userId, id));
      return row;
    },
    async insertTemplate(row: typeof shopTemplates.$inferInsert): Promise<ShopTemplateRow> {
      const [created] = await db.insert(shopTemplates).values(row).returning();
      if (!created) throw new Error('insert returned no row');
      return created;
    },
    async updateTemplate(
      userId: number,
      id: number,
      values: Partial<typeof shopTemplates.$inferInsert>,
    ): Promise<ShopTemplateRow | undefined> {
      const [row] = await db.update(shopTemplates).set(values).where(own(userId, id)).returning();
      return row;
    },
    async deleteTemplate(userId: number, id: number): Promise<boolean> {
      const rows = await db.delete(shopTemplates).where(own(userId, id)).returning();
      return rows.length > 0;
    },
  };
}

export type EcommerceRepository = ReturnType<typeof createEcommerceRepository>;
