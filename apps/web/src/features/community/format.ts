/** 1234 → "1.2K" (or the language's compact form); small numbers stay exact. */
export function formatCount(value: number, language: string): string {
  if (value < 1000) return String(value);
  return new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(
    value,
  );
}

export function formatDate(iso: string, language: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : at.toLocaleDateString(language, { dateStyle: 'medium' });
}
