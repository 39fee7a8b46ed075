import { Button, Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface InfiniteSentinelProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Sits under a list and asks for the next page when it comes within a screen of view. Where
 * IntersectionObserver is missing, a button does the same.
 */
export function InfiniteSentinel({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: InfiniteSentinelProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const observable = typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    const node = ref.current;
    if (!node || !observable || !hasNextPage || isFetchingNextPage) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '0px 0px 800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [observable, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <Center ref={ref} py="lg" mih={56}>
      {isFetchingNextPage ? (
        <Loader size="sm" aria-label={t('common.loadingMore')} />
      ) : observable ? null : (
        <Button variant="default" radius="xl" onClick={() => void fetchNextPage()}>
          {t('common.loadMore')}
        </Button>
      )}
    </Center>
  );
}
