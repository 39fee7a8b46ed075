/** A moment in the admin's language, or `none` when there is none. */
export function formatWhen(iso: string | null, language: string, none: string): string {
  if (!iso) return none;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/**
 * The calendar day of a date (`YYYY-MM-DD`) or moment (its UTC day) in the admin's language,
 * the same day in every time zone.
 */
export function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${iso.slice(0, 10)}T00:00:00Z`),
  );
}
