/** One caller's share of a batch: its value, or the error that refused it alone. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export type CoalescerOptions<I, O> = {
  /** Runs a batch; answers one outcome per item, in the items' order. */
  run(items: I[]): Promise<Outcome<O>[]>;
  /** Most items in one batch. */
  maxBatch?: number;
  /** Batches running at the same time. */
  concurrency?: number;
  /**
   * When a batch fails as a whole (a row raced in from another node, a lost connection), run
   * each of its items again on its own, so one item's trouble never refuses the others.
   */
  retryAlone?: boolean;
};

/**
 * Group commit for hot paths: a caller that arrives while `concurrency` batches are running
 * waits, and every caller waiting when one ends goes together in the next batch. A lone caller
 * runs at once, so a quiet server adds no latency and a busy one pays a few round trips per
 * batch instead of a few per request. A batch starts after each of its callers asked, so a
 * caller always sees what it committed before asking.
 */
export function createCoalescer<I, O>(options: CoalescerOptions<I, O>) {
  const maxBatch = options.maxBatch ?? 100;
  const concurrency = options.concurrency ?? 1;
  type Waiter = { item: I; resolve(value: O): void; reject(error: unknown): void };
  const waiting: Waiter[] = [];
  let running = 0;

  function settle(batch: Waiter[], outcomes: Outcome<O>[]) {
    batch.forEach((waiter, i) => {
      const outcome = outcomes[i];
      if (!outcome) waiter.reject(new Error('a batch answered fewer outcomes than items'));
      else if (outcome.ok) waiter.resolve(outcome.value);
      else waiter.reject(outcome.error);
    });
  }

  async function runBatch(items: I[]): Promise<Outcome<O>[]> {
    try {
      return await options.run(items);
    } catch (error) {
      if (!options.retryAlone || items.length === 1) throw error;
      return Promise.all(
        items.map(async (item): Promise<Outcome<O>> => {
          try {
            const [own] = await options.run([item]);
            return own ?? { ok: false, error: new Error('a batch answered no outcome') };
          } catch (err) {
            return { ok: false, error: err };
          }
        }),
      );
    }
  }

  function pump() {
    while (running < concurrency && waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      running++;
      void runBatch(batch.map((w) => w.item))
        .then(
          (outcomes) => settle(batch, outcomes),
          (error: unknown) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          running--;
          pump();
        });
    }
  }

  return {
    run(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        pump();
      });
    },
  };
}

/**
 * Coalesces lookups by key: concurrent `load`s of any keys become one query for the distinct
 * keys (see createCoalescer). `fetch` answers the values it found; a missing key loads as
 * undefined.
 */
export function createBatchLoader<K, V>(
  fetch: (keys: K[]) => Promise<Map<K, V>>,
  options: { maxBatch?: number; concurrency?: number } = {},
) {
  const coalescer = createCoalescer<K, V | undefined>({
    maxBatch: options.maxBatch ?? 200,
    concurrency: options.concurrency ?? 2,
    async run(keys) {
      const found = await fetch([...new Set(keys)]);
      return keys.map((key) => ({ ok: true, value: found.get(key) }));
    },
  });
  return { load: (key: K) => coalescer.run(key) };
}
