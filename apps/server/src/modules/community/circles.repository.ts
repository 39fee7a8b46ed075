import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { circleMembers, circles, works, type CircleRow } from './community.schema';
import { toggleRow, type Toggled } from './toggle-row';

export type CircleListRow = CircleRow & { workCount: number; joined: boolean };

export function createCirclesRepository(db: Database) {
  function select(viewerId: number | null) {
    return db
      .select({
        circle: circles,
        workCount: sql<number>`(select count(*)::int from works w where w.status = 'approved' and w.circle_ids @> array["circles"."id"]::bigint[])`,
        joined: viewerId
          ? sql<boolean>`exists(select 1 from circle_members m where m.circle_id = "circles"."id" and m.user_id = ${viewerId})`
          : sql<boolean>`false`,
      })
      .from(circles);
  }
  const flatten = (rows: { circle: CircleRow; workCount: number; joined: boolean }[]) =>
    rows.map((r) => ({ ...r.circle, workCount: Number(r.workCount), joined: r.joined }));

  return {
    async list(viewerId: number | null): Promise<CircleListRow[]> {
      return flatten(await select(viewerId).orderBy(asc(circles.id)));
    },
    async find(id: number, viewerId: number | null): Promise<CircleListRow | undefined> {
      return flatten(await select(viewerId).where(eq(circles.id, id)))[0];
    },
    async existing(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: circles.id })
        .from(circles)
        .where(inArray(circles.id, ids));
      return rows.map((r) => r.id);
    },
    async insert(row: typeof circles.$inferInsert): Promise<CircleRow> {
      const [created] = await db.insert(circles).values(row).returning();
      if (!created) throw new Error('circle insert returned nothing');
      return created;
    },
    async update(id: number, patch: Partial<typeof circles.$inferInsert>) {
      const [row] = await db.update(circles).set(patch).where(eq(circles.id, id)).returning();
      return row;
    },
    /** Deletes the circle and takes it off every work, in one transaction. */
    async delete(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(circles)
          .where(eq(circles.id, id))
          .returning({ id: circles.id });
        if (gone.length === 0) return false;
        await tx
          .update(works)
          .set({ circleIds: sql`array_remove(${works.circleIds}, ${id}::bigint)` })
          .where(sql`${works.circleIds} @> array[${id}]::bigint[]`);
        return true;
      });
    },
    async toggleMember(circleId: number, userId: number, on: boolean, now: Date): Promise<Toggled> {
      return db.transaction(async (tx) => {
        const changed = await toggleRow(
          tx,
          circleMembers,
          on,
          { circleId, userId, createdAt: now },
          and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)),
        );
        const [row] = changed
          ? await tx
              .update(circles)
              .set({ memberCount: sql`greatest(${circles.memberCount} + ${on ? 1 : -1}, 0)` })
              .where(eq(circles.id, circleId))
              .returning({ count: circles.memberCount })
          : await tx
              .select({ count: circles.memberCount })
              .from(circles)
              .where(eq(circles.id, circleId));
        return { changed, count: row?.count ?? 0 };
      });
    },
  };
}

export type CirclesRepository = ReturnType<typeof createCirclesRepository>;
