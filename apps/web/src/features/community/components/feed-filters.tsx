import { feedSorts, workKinds, type FeedSort, type WorkKind } from '@lumen/contracts/community';
import { Chip, Group, ScrollArea, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface FeedFiltersProps {
  sort: FeedSort;
  kind: WorkKind | undefined;
  onSortChange: (sort: FeedSort) => void;
  onKindChange: (kind: WorkKind | undefined) => void;
}

/** Sort tabs (new, hot, following) and the kind filter (all, image, video, 3D). */
export function FeedFilters({ sort, kind, onSortChange, onKindChange }: FeedFiltersProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <SegmentedControl
        radius="xl"
        value={sort}
        onChange={(value) => onSortChange(value as FeedSort)}
        aria-label={t('community.feed.sortLabel')}
        data={feedSorts.map((value) => ({ value, label: t(`community.feed.sort.${value}`) }))}
      />
      <ScrollArea type="never" maw="100%">
        <Chip.Group
          value={kind ?? 'all'}
          onChange={(value) => onKindChange(value === 'all' ? undefined : (value as WorkKind))}
        >
          <Group gap={6} wrap="nowrap" role="radiogroup" aria-label={t('community.feed.kindLabel')}>
            {(['all', ...workKinds] as const).map((value) => (
              <Chip key={value} value={value} size="sm" radius="xl" variant="light">
                {t(value === 'all' ? 'community.kinds.all' : `community.kinds.${value}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </ScrollArea>
    </Group>
  );
}
