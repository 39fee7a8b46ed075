import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { trackingEvents, type NewTrackingEventRow } from './tracking.schema';

export function createTrackingRepository(db: Database) {
  return {
    async insertMany(rows: NewTrackingEventRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(trackingEvents).values(rows);
    },
    async countByEventId(eventId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(trackingEvents)
        .where(eq(trackingEvents.eventId, eventId));
      return row?.n ?? 0;
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
