import { z } from 'zod';
import { LATEST_TIME_MS } from './time';

/** Channel ids of spec §9. */
export const channelIds = ['viva_h5', 'viva_pc'] as const;

/** The last second of year 9999: later is no device's clock (milliseconds sent as seconds are). */
export const EVENT_TIME_MAX = Math.floor(LATEST_TIME_MS / 1000);

/** A tracking event (spec §3), posted to `POST /api/dc/v1/events`. */
export const trackingEventSchema = z.object({
  event_id: z.string().trim().min(1).max(128),
  event_time: z
    .number()
    .int()
    .positive()
    .max(EVENT_TIME_MAX)
    .describe('Unix time in seconds when the event happened on the device'),
  channel_id: z.string().trim().max(64).optional(),
  user_id: z.union([z.string().max(64), z.number().int()]).optional(),
  device_id: z.string().trim().max(128).optional(),
  page_name: z.string().trim().max(256).optional(),
  device: z.enum(['h5', 'pc']).optional(),
  custom_paras: z.record(z.string(), z.unknown()).optional(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** One event, or a batch of up to 50 sent together when the page unloads. */
export const trackingEventsBodySchema = z.union([
  trackingEventSchema,
  z.array(trackingEventSchema).min(1).max(50),
]);
export type TrackingEventsBody = z.infer<typeof trackingEventsBodySchema>;

export const trackingEventsResultSchema = z.object({ accepted: z.number().int() });
