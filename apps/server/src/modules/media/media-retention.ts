import type { ObjectStore } from '../../adapters/storage/object-store';
import type { MediaRepository } from './media.repository';

const HOUR_MS = 3600_000;
/**
 * Pending a day on means abandoned: the web app has an upload checked right after its PUT,
 * whose URL lasts minutes. A refused upload is never used.
 */
const UNFINISHED_MS = 24 * HOUR_MS;
/** A checked upload no task took within a week was picked in the studio and left there. */
const UNUSED_MS = 7 * 24 * HOUR_MS;

/** An upload and its owner, as the question "does a task of theirs use it?" needs them. */
export type OwnedKey = { userId: number; key: string };

/** The upload sweep (decision 0024): uploads no task uses leave the table and the store. */
export function createUploadSweep(deps: {
  repository: MediaRepository;
  store: ObjectStore;
  inputKeysInUse: (candidates: OwnedKey[]) => Promise<Set<string>>;
}) {
  const { repository, store } = deps;
  return {
    /**
     * Removes, as of `now`, the uploads still pending or rejected a day after they were made
     * and the ready ones no task used within a week; marks the used ones so that later runs
     * skip them. Rows go before files, as in discardOutput. Safe to run on several nodes at
     * once: a row is deleted by one statement only if it still qualifies, and only the run
     * that deleted it removes its file. Answers how many uploads were removed.
     */
    async sweepUploads(now: Date, limit = 200): Promise<number> {
      const cutoffs = {
        unfinished: new Date(now.getTime() - UNFINISHED_MS),
        unused: new Date(now.getTime() - UNUSED_MS),
      };
      let removed = 0;
      let afterId = 0;
      for (;;) {
        const batch = await repository.listSweepableUploads(cutoffs, afterId, limit);
        if (batch.length === 0) break;
        // Each run reads on past its last batch, so a row that stays is never read twice.
        afterId = batch[batch.length - 1]!.id;
        // A task takes only inputs that passed inspection: pending and rejected ones are unused.
        const ready = batch.filter((row) => row.status === 'ready');
        const used = ready.length > 0 ? await deps.inputKeysInUse(ready) : new Set<string>();
        await repository.markInUse(
          ready.filter((row) => used.has(row.key)).map((row) => row.id),
          now,
        );
        const keys = await repository.deleteSweepableUploads(
          batch.filter((row) => !used.has(row.key)).map((row) => row.id),
          cutoffs,
        );
        await Promise.all(keys.map((key) => store.delete(key)));
        removed += keys.length;
        if (batch.length < limit) break;
      }
      return removed;
    },
  };
}
