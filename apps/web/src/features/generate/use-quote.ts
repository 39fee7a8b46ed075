import { costOf, type Quote } from '@lumen/contracts/credits';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAccountInfo } from '../../shared/session/account-info';
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
}

/**
 * The live cost preview: the server's quote (cost, balance, whether the plan allows it) for
 * signed-in users, the spec §9 unit costs for visitors.
 */
export function useQuote(request: QuoteRequest): QuoteView {
  const signedIn = useSession((s) => s.user !== null);
  // A string, so a new but equal object each render does not restart the wait.
  const [debounced] = useDebouncedValue(JSON.stringify(request), QUOTE_DEBOUNCE_MS);
  // The quote carries the balance and what the plan allows: when the account moves (a run
  // held or refunded its credits, a plan began), it is asked again.
  const { data: account } = useAccountInfo();
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
  return { cost: quote?.cost ?? local, quote, loading: signedIn && query.isFetching };
}
