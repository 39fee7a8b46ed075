import type { AlgoConfigItem, AlgoConfigListQuery } from '@lumen/contracts/algo-config';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError } from '../../lib/app-error';
import type { AlgoConfigRepository } from './algo-config.repository';
import type { AlgoConfigRow } from './algo-config.schema';
import { algoConfigSeed } from './algo-config.seed';

function toItem(row: AlgoConfigRow): AlgoConfigItem {
  return {
    id: row.id,
    algo_set: row.algoSet,
    key: row.key,
    name: row.name,
    task_type: row.taskType,
    engine: row.engine,
    cover: row.cover,
    params: row.params,
    sort: row.sort,
  };
}

/**
 * How long a node keeps a task type's engine before reading it again. Every submission asks,
 * and the answer changes only when an admin reroutes a type: this node forgets at once, other
 * API nodes within this time.
 */
const ENGINE_CACHE_MS = 5000;

export function createAlgoConfigService(deps: { repository: AlgoConfigRepository }) {
  const engines = new Map<string, { engine: string; until: number }>();
  return {
    /** The engine serving a task type (architecture decision 4); local when unset. */
    async engineFor(taskType: string): Promise<string> {
      const cached = engines.get(taskType);
      if (cached && cached.until > Date.now()) return cached.engine;
      const engine = (await deps.repository.findEngine(taskType)) ?? 'local';
      engines.set(taskType, { engine, until: Date.now() + ENGINE_CACHE_MS });
      return engine;
    },
    /** Routes a task type to another engine; tasks queued from now on use it. */
    async setEngine(taskType: string, engine: string): Promise<AlgoConfigItem> {
      const row = await deps.repository.setEngine(taskType, engine, new Date());
      // After the write, so a lookup racing it cannot keep the old engine.
      engines.delete(taskType);
      if (!row) throw new AppError(ErrorCode.notFound, 'errors.notFound');
      return toItem(row);
    },
    async list(query: AlgoConfigListQuery): Promise<AlgoConfigItem[]> {
      const rows = await deps.repository.listEnabled(query.algo_set, query.client_type);
      return rows.map(toItem);
    },
    /** Puts the built-in rows in place at start-up without touching edited ones. */
    async seedDefaults(): Promise<void> {
      await deps.repository.insertMissing(algoConfigSeed());
    },
  };
}

export type AlgoConfigService = ReturnType<typeof createAlgoConfigService>;
