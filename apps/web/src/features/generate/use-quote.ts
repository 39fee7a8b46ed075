import { costOf, type Quote } from '@lumen/contracts/credits';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountQueryKey, getAccountInfo, useAccountInfo } from '../../shared/session/account-info';
import { useSession } from '../../shared/session/session-store';
import { getQuote, type QuoteRequest } from './api/get-quote';
import { generateKeys } from './task-kinds';

/** Settings change in bursts (sliders, typing); one quote per pause is enough. */
export const QUOTE_DEBOUNCE_MS = 300;

export interface QuoteView {
  cost: number;
  /** Null for visitors and until the first answer. */
  quote: Quote | null;
  loading: boolean;
  /**
   * Reads the balance and the quote again, now: a decision that turns on the balance (the
   * intercept dialog) must see credits added in another tab since the page last asked.
   */
  refresh: () => Promise<Quote | null>;
}

/**
 * The live cost preview: the server's quote (cost, balance, whether the plan allows it) for
 * signed-in users, the spec §9 unit costs for visitors.
 */
export function useQuote(request: QuoteRequest): QuoteView {
  const signedIn = useSession((s) => s.user !== null);
  const userId = useSession((s) => s.user?.userId ?? '');
  const queryClient = useQueryClient();
  // A string, so a new but equal object each render does not restart the wait.
  const [debounced] = useDebouncedValue(JSON.stringify(request), QUOTE_DEBOUNCE_MS);
  // The quote carries the balance and what the plan allows: when the account moves (a run
  // held or refunded its credits, a plan began), it is asked again.
  // Coming back to the tab reads the balance again, since credits may have been bought elsewhere.
  const { data: account } = useAccountInfo({ refetchOnFocus: true });
  const query = useQuery({
    queryKey: generateKeys.quote({
      request: debounced,
      balance: account?.credits,
      grade: account?.grade,
    }),
    queryFn: ({ signal }) => getQuote(JSON.parse(debounced) as QuoteRequest, signal),
    enabled: signedIn,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
  const local = costOf({
    taskType: request.task_type,
    count: request.count,
    effect: request.effect ?? false,
  });
  const quote = signedIn ? (query.data ?? null) : null;

  async function refresh(): Promise<Quote | null> {
    if (!signedIn) return null;
    const fresh = await queryClient.fetchQuery({
      queryKey: accountQueryKey(userId),
      queryFn: getAccountInfo,
      staleTime: 0,
    });
    const body = JSON.stringify(request);
    return queryClient.fetchQuery({
      queryKey: generateKeys.quote({ request: body, balance: fresh.credits, grade: fresh.grade }),
      queryFn: ({ signal }) => getQuote(JSON.parse(body) as QuoteRequest, signal),
      staleTime: 0,
    });
  }

  return { cost: quote?.cost ?? local, quote, loading: signedIn && query.isFetching, refresh };
}
