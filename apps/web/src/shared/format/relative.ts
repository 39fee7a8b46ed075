/**
 * "now", "3 min ago", "yesterday", then the date beyond a week, in the reader's language.
 * Under a minute it says "now": a count of seconds would be stale before anyone read it.
 */
export function formatRelative(iso: string, language: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const seconds = Math.round((at - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(0, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return format.format(Math.round(seconds / 86_400), 'day');
  return new Date(at).toLocaleDateString(language, { dateStyle: 'medium' });
}
