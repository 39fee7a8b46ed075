import type { OutputFacts as Facts } from '@lumen/contracts/tasks';
import { useTranslation } from 'react-i18next';
import { Setting } from '../../../shared/ui/setting';
import type { LibraryKind } from '../library-kinds';

/** A byte count in the largest unit that keeps it above 1, in the interface language. */
function formatSize(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/**
 * What the file itself is, read when it was stored: a video's length, frame rate and sound, a
 * 3D model's vertices, faces and textures, and the file's size. Nothing for facts not known.
 */
export function OutputFacts({
  facts,
  kind,
  requested,
}: {
  facts: Facts | undefined;
  kind: LibraryKind;
  /** The run's own settings already show its length and frame rate: not said twice. */
  requested?: { duration?: unknown; fps?: unknown };
}) {
  const { t, i18n } = useTranslation();
  if (!facts) return null;
  const number = new Intl.NumberFormat(i18n.language);
  const rows: { label: string; value: string }[] = [];
  if (kind === 'video') {
    if (facts.duration_s !== undefined && requested?.duration === undefined) {
      const seconds = new Intl.NumberFormat(i18n.language, {
        style: 'unit',
        unit: 'second',
        unitDisplay: 'short',
        maximumFractionDigits: 1,
      });
      rows.push({ label: t('library.facts.duration'), value: seconds.format(facts.duration_s) });
    }
    if (facts.fps !== undefined && requested?.fps === undefined) {
      rows.push({ label: t('library.facts.fps'), value: `${number.format(facts.fps)} fps` });
    }
    if (facts.has_audio !== undefined) {
      rows.push({
        label: t('library.facts.sound'),
        value: t(facts.has_audio ? 'library.facts.soundYes' : 'library.facts.soundNo'),
      });
    }
  }
  if (kind === '3d') {
    for (const key of ['vertices', 'faces', 'textures'] as const) {
      const value = facts[key];
      if (value !== undefined) {
        rows.push({ label: t(`library.facts.${key}`), value: number.format(value) });
      }
    }
  }
  if (facts.size_bytes !== undefined) {
    rows.push({
      label: t('library.facts.fileSize'),
      value: formatSize(facts.size_bytes, i18n.language),
    });
  }
  return (
    <>
      {rows.map((row) => (
        <Setting key={row.label} label={row.label} value={row.value} />
      ))}
    </>
  );
}
