/** Business days follow GMT-8 (spec §9): a day runs 08:00 UTC to 07:59:59 UTC next day. */
const OFFSET_MS = 8 * 3600_000;

/** The GMT-8 calendar date of an instant, as YYYY-MM-DD. */
export function businessDay(at: Date): string {
  return new Date(at.getTime() - OFFSET_MS).toISOString().slice(0, 10);
}

/** 23:59:59 GMT-8 of the instant's business day: when daily credits expire. */
export function endOfBusinessDay(at: Date): Date {
  const day = businessDay(at);
  return new Date(Date.parse(`${day}T23:59:59.000Z`) + OFFSET_MS);
}

/** 00:00 GMT-8 of the next business day: when daily jobs run. */
export function startOfNextBusinessDay(at: Date): Date {
  return new Date(endOfBusinessDay(at).getTime() + 1000);
}
