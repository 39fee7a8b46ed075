import { useTranslation } from 'react-i18next';
import { formatRelative } from '../format/relative';
import { useNow } from '../hooks/use-now';

/** A relative time that keeps itself current; the exact moment shows on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const now = useNow();
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return (
    <time
      dateTime={at.toISOString()}
      title={at.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
    >
      {formatRelative(iso, i18n.language, now)}
    </time>
  );
}
