/** 1234 → "1.2K" (or the language's compact form); small numbers stay exact. */
export function formatCount(value: number, language: string): string {
  if (value < 1000) return String(value);
  return new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(
    value,
  );
}

/** "3 min ago", "yesterday", or a date beyond a week. */
export function formatRelative(iso: string, language: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const seconds = Math.round((at - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(Math.min(0, seconds), 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return format.format(Math.round(seconds / 86_400), 'day');
  return new Date(iso).toLocaleDateString(language, { dateStyle: 'medium' });
}

export function formatDate(iso: string, language: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : at.toLocaleDateString(language, { dateStyle: 'medium' });
}
