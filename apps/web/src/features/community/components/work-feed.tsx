import type { Work, WorkPage } from '@lumen/contracts/community';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaAspect } from '../masonry';
import { worksOf } from '../works-of';
import { InfiniteSentinel } from '../../../shared/ui/infinite-sentinel';
import { MasonryGrid } from './masonry-grid';
import { WorkCard } from './work-card';

const skeletonShapes = [1.25, 0.75, 1, 1.4, 0.8, 1.1, 0.6, 1.3];
const aspectOfWork = (work: Work) => mediaAspect(work.media.width, work.media.height);
const keyOfWork = (work: Work) => work.work_id;

/** A phone's first row of cards, and about what a first screen shows (see WorkCard). */
const HIGH_PRIORITY_CARDS = 2;
const EAGER_CARDS = 6;
function priorityOf(works: Work[], work: Work): 'high' | 'eager' | 'lazy' {
  const index = works.indexOf(work);
  if (index < 0 || index >= EAGER_CARDS) return 'lazy';
  return index < HIGH_PRIORITY_CARDS ? 'high' : 'eager';
}

export function FeedSkeleton() {
  return (
    <MasonryGrid
      items={skeletonShapes}
      getKey={(shape) => String(shape)}
      aspectOf={(shape) => shape}
      renderItem={(shape) => (
        <Skeleton radius="md" style={{ aspectRatio: `1 / ${shape}` }} width="100%" h="auto" />
      )}
    />
  );
}

interface WorkFeedProps {
  query: UseInfiniteQueryResult<InfiniteData<WorkPage>>;
  empty: ReactNode;
  showStatus?: boolean;
}

/** A masonry feed over a cursor-paged works query, with loading, failure and empty states. */
export function WorkFeed({ query, empty, showStatus }: WorkFeedProps) {
  const { t } = useTranslation();
  const works = useMemo(() => worksOf(query.data), [query.data]);

  if (query.isPending && query.fetchStatus !== 'idle') return <FeedSkeleton />;
  if (query.isError && works.length === 0) {
    return (
      <Alert color="red" variant="light" title={t('community.feed.errorTitle')}>
        <Stack gap="xs" align="flex-start">
          {t('community.feed.errorBody')}
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('community.feed.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (works.length === 0) return <>{empty}</>;
  return (
    <Stack gap={0}>
      <MasonryGrid
        items={works}
        getKey={keyOfWork}
        aspectOf={aspectOfWork}
        renderItem={(work) => (
          <WorkCard work={work} showStatus={showStatus} priority={priorityOf(works, work)} />
        )}
      />
      <InfiniteSentinel
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
      />
    </Stack>
  );
}
