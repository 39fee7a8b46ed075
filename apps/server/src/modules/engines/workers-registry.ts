import type { Clock } from '../../lib/clock';
import type { EnginesRepository, WorkerSighting } from './engines.repository';

/** A node writes what it saw of one worker at most this often (claims are hot). */
const WRITE_EVERY_MS = 10_000;
/**
 * A worker claims for each kind of slot it has with that kind's engines (its CPU slots with
 * local, its hosted-API slots with replicate, fal…): what it offers is every engine it claimed
 * with lately. A slot waits at most about 20 s in one claim, so two minutes spans several.
 */
const OFFER_WINDOW_MS = 120_000;
/** Workers not seen for this long are dropped from the table. */
const FORGET_AFTER_MS = 7 * 24 * 3600_000;

/** `host-1234` → `host`: worker ids are the worker's name and its process id. */
export function workerNameOf(workerId: string): string {
  return workerId.replace(/-\d+$/, '') || workerId;
}

type Entry = WorkerSighting & {
  writtenAt: number;
  /** When each engine was last claimed with, by any of the worker's slots. */
  engineSeen: Map<string, number>;
  /** What the table holds of its offer, so a change is written at once. */
  writtenOffer: string;
};

/**
 * Which workers claim tasks: kept in this node's memory as claims arrive and written to the
 * `workers` table at most every WRITE_EVERY_MS per worker (decision 0036), so a claim never
 * waits on it and every node's Engines page sees every worker.
 */
export function createWorkersRegistry(deps: {
  repository: EnginesRepository;
  clock: Clock;
  onError(error: unknown): void;
}) {
  const entries = new Map<string, Entry>();
  let lastSweep = 0;
  /** Set by close: sightings after it are not written (the node is going). */
  let closed = false;

  async function write(due: Entry[]): Promise<void> {
    if (due.length === 0) return;
    const batch = due.map((e) => ({ ...e }));
    const now = deps.clock.now().getTime();
    for (const e of due) {
      e.doneSince = 0;
      e.writtenAt = now;
    }
    try {
      await deps.repository.upsertWorkers(batch);
    } catch (error) {
      // Put the unwritten counts back for the next write.
      for (const [i, e] of due.entries()) e.doneSince += batch[i]!.doneSince;
      throw error;
    }
    if (now - lastSweep > 3600_000) {
      lastSweep = now;
      await deps.repository.deleteWorkersBefore(new Date(now - FORGET_AFTER_MS));
    }
  }

  /**
   * One write at a time, each of the entry as it is when its turn comes: two writes of one
   * worker in flight together could land in either order and leave the older offer.
   */
  let writing: Promise<void> = Promise.resolve();
  function queueWrite(entry: Entry): void {
    writing = writing.then(() => write([entry])).catch(deps.onError);
  }

  function touch(workerId: string, update: (entry: Entry) => void) {
    if (closed) return;
    const now = deps.clock.now();
    let entry = entries.get(workerId);
    if (!entry) {
      entry = {
        id: workerId,
        name: workerNameOf(workerId),
        offers: null,
        doneSince: 0,
        seenAt: now,
        writtenAt: 0,
        engineSeen: new Map(),
        writtenOffer: '',
      };
      entries.set(workerId, entry);
    }
    entry.seenAt = now;
    update(entry);
    const offer = JSON.stringify(entry.offers);
    if (now.getTime() - entry.writtenAt >= WRITE_EVERY_MS || offer !== entry.writtenOffer) {
      entry.writtenOffer = offer;
      queueWrite(entry);
    }
  }

  return {
    /** A claim: what the worker offers. */
    recordClaim(workerId: string, engines: string[], taskTypes: string[] | null): void {
      touch(workerId, (entry) => {
        const now = deps.clock.now().getTime();
        for (const engine of engines) entry.engineSeen.set(engine, now);
        for (const [engine, at] of entry.engineSeen) {
          if (now - at > OFFER_WINDOW_MS) entry.engineSeen.delete(engine);
        }
        entry.offers = { engines: [...entry.engineSeen.keys()].sort(), taskTypes };
      });
    },
    /** A task the worker completed. */
    recordDone(workerId: string): void {
      touch(workerId, (entry) => {
        entry.doneSince += 1;
      });
    },
    /** Writes everything not yet written (before the page reads the table, and at close). */
    async flush(): Promise<void> {
      await writing;
      const pending = [...entries.values()].filter(
        (e) => e.doneSince > 0 || e.writtenAt < e.seenAt.getTime(),
      );
      await write(pending);
      // Forget workers this node has not seen for a while: the table keeps them.
      const stale = deps.clock.now().getTime() - 10 * 60_000;
      for (const [id, e] of entries) if (e.seenAt.getTime() < stale) entries.delete(id);
    },
    /**
     * The node is closing: writes what is not yet written, waiting at most `waitMs` for it. A
     * write stuck on the database (a lock, a lost connection) then stays behind: what it held
     * is counts for the Engines page, and the close must not wait on them.
     */
    async close(waitMs = 5_000): Promise<'written' | 'left'> {
      closed = true;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'left'>((resolve) => {
        timer = setTimeout(() => resolve('left'), waitMs);
      });
      try {
        return await Promise.race([this.flush().then(() => 'written' as const), late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type WorkersRegistry = ReturnType<typeof createWorkersRegistry>;
