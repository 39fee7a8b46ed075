import { SimpleGrid } from '@mantine/core';
import { useNavigate } from 'react-router';
import { InfiniteSentinel } from '../../../shared/ui/infinite-sentinel';
import { detailPath, type LibraryItem } from '../library-items';
import { MediaTile } from './media-tile';

interface MediaGridProps {
  items: LibraryItem[];
  selecting: boolean;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export function MediaGrid({
  items,
  selecting,
  selected,
  onToggle,
  hasMore,
  loadingMore,
  onLoadMore,
}: MediaGridProps) {
  const navigate = useNavigate();
  return (
    <>
      <SimpleGrid cols={{ base: 2, xs: 3, lg: 4, xl: 5 }} spacing={{ base: 8, sm: 'sm' }}>
        {items.map((item) => (
          <MediaTile
            key={item.key ?? `pending-${item.taskId ?? ''}`}
            item={item}
            selecting={selecting}
            selected={item.key !== null && selected.has(item.key)}
            onToggle={() => {
              if (item.key) onToggle(item.key);
            }}
            onOpen={() => {
              const path = detailPath(item);
              if (path) void navigate(path);
            }}
          />
        ))}
      </SimpleGrid>
      <InfiniteSentinel
        hasNextPage={hasMore}
        isFetchingNextPage={loadingMore}
        fetchNextPage={onLoadMore}
      />
    </>
  );
}
