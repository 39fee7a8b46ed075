import { feedSorts, workKinds, type FeedSort, type WorkKind } from '@lumen/contracts/community';
import { useSearchParams } from 'react-router';

function parseSort(value: string | null, fallback: FeedSort): FeedSort {
  return feedSorts.includes(value as FeedSort) ? (value as FeedSort) : fallback;
}

function parseKind(value: string | null): WorkKind | undefined {
  return workKinds.includes(value as WorkKind) ? (value as WorkKind) : undefined;
}

/** Sort and kind live in the address, so a filtered feed can be shared and survives a reload. */
export function useFeedParams(defaultSort: FeedSort) {
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'), defaultSort);
  const kind = parseKind(params.get('kind'));
  const update = (key: 'sort' | 'kind', value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return {
    sort,
    kind,
    setSort: (value: FeedSort) => update('sort', value === defaultSort ? undefined : value),
    setKind: (value: WorkKind | undefined) => update('kind', value),
  };
}
