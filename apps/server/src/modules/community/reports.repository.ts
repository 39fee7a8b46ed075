import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { reports, type ReportRow } from './community.schema';

export function createReportsRepository(db: Database) {
  return {
    async insert(row: typeof reports.$inferInsert): Promise<ReportRow> {
      const [created] = await db.insert(reports).values(row).returning();
      if (!created) throw new Error('report insert returned nothing');
      return created;
    },
    async find(id: number): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      return row;
    },
    async list(
      status: string,
      after: [string, number] | null,
      limit: number,
    ): Promise<(ReportRow & { key: [string, number] })[]> {
      const where: SQL[] = [eq(reports.status, status)];
      if (after) {
        where.push(
          sql`(${reports.createdAt}, ${reports.id}) < (${after[0]}::timestamptz, ${after[1]})`,
        );
      }
      const rows = await db
        .select({ report: reports, at: sql<string>`${reports.createdAt}::text`.as('sort_at') })
        .from(reports)
        .where(and(...where))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(limit + 1);
      return rows.map((r) => ({ ...r.report, key: [r.at, r.report.id] }));
    },
    /** Resolves an open report; undefined when it was already resolved. */
    async resolve(
      id: number,
      patch: { action: string; resolvedBy: number; resolvedAt: Date },
    ): Promise<ReportRow | undefined> {
      const [row] = await db
        .update(reports)
        .set({ ...patch, status: 'resolved' })
        .where(and(eq(reports.id, id), eq(reports.status, 'open')))
        .returning();
      return row;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
