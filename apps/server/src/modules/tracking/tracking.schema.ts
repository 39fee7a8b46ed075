import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Tracking events (spec §3), kept as sent plus when and from where they arrived. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull(),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    channelId: text('channel_id'),
    userId: text('user_id'),
    deviceId: text('device_id'),
    pageName: text('page_name'),
    device: text('device'),
    customParas: jsonb('custom_paras').$type<Record<string, unknown>>(),
    userAgent: text('user_agent'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tracking_events_event_time_idx').on(t.eventId, t.eventTime)],
);

export type TrackingEventRow = typeof trackingEvents.$inferSelect;
export type NewTrackingEventRow = typeof trackingEvents.$inferInsert;
