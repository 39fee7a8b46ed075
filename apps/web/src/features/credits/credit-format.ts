import type { CreditEntryType } from '@lumen/contracts/credits';

/** "+30" / "−1": a real minus sign, so the column lines up and screen readers say "minus". */
export function formatSignedCredits(credits: number, language: string): string {
  const value = new Intl.NumberFormat(language).format(Math.abs(credits));
  if (credits > 0) return `+${value}`;
  if (credits < 0) return `\u2212${value}`;
  return value;
}

export function creditsColor(credits: number): string {
  if (credits > 0) return 'teal.7';
  if (credits < 0) return 'red.7';
  return 'dimmed';
}

export const entryTypeColors: Record<CreditEntryType, string> = {
  purchase: 'violet',
  gift: 'teal',
  consumption: 'orange',
  refund: 'blue',
  expire: 'gray',
};

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}
