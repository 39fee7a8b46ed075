import { z } from 'zod';

/**
 * The instants a request may name: years 1 to 9999 (UTC). JavaScript writes a date outside
 * them with a signed six-digit year (`+010000-01-01T…`), which PostgreSQL does not read; no
 * real clock or plan reaches them anyway.
 */
export const EARLIEST_TIME_MS = Date.parse('0001-01-01T00:00:00.000Z');
export const LATEST_TIME_MS = Date.parse('9999-12-31T23:59:59.999Z');

export function isStorableTime(ms: number): boolean {
  return ms >= EARLIEST_TIME_MS && ms <= LATEST_TIME_MS;
}

/** Whether `YYYY-MM-DD` names a day that exists (not 2023-02-29) in the years 1 to 9999. */
export function isCalendarDate(text: string): boolean {
  const ms = Date.parse(`${text}T00:00:00.000Z`);
  return isStorableTime(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

/**
 * An ISO 8601 date-time with an offset whose instant is storable: `9999-12-31T23:00:00-12:00`
 * is a valid string, but its instant falls in the year 10000.
 */
export const isoDateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine((text) => isStorableTime(Date.parse(text)), 'must be between the years 1 and 9999');
