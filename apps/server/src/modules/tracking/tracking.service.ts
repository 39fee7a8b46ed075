import type { TrackingEvent } from '@lumen/contracts/tracking';
import type { Clock } from '../../lib/clock';
import type { TrackingRepository } from './tracking.repository';

export type TrackingContext = { userAgent?: string | undefined };

export function createTrackingService(deps: { repository: TrackingRepository; clock: Clock }) {
  return {
    /** Stores a batch of events; answers how many were kept. */
    async recordEvents(events: TrackingEvent[], context: TrackingContext): Promise<number> {
      const receivedAt = deps.clock.now();
      await deps.repository.insertMany(
        events.map((e) => ({
          eventId: e.event_id,
          eventTime: new Date(e.event_time * 1000),
          channelId: e.channel_id ?? null,
          userId: e.user_id === undefined ? null : String(e.user_id),
          deviceId: e.device_id ?? null,
          pageName: e.page_name ?? null,
          device: e.device ?? null,
          customParas: e.custom_paras ?? null,
          userAgent: context.userAgent?.slice(0, 512) ?? null,
          receivedAt,
        })),
      );
      return events.length;
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
