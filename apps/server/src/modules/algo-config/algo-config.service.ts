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

export function createAlgoConfigService(deps: { repository: AlgoConfigRepository }) {
  return {
    /** The engine serving a task type (architecture decision 4); local when unset. */
    async engineFor(taskType: string): Promise<string> {
      return (await deps.repository.findEngine(taskType)) ?? 'local';
    },
    /** Routes a task type to another engine; tasks queued from now on use it. */
    async setEngine(taskType: string, engine: string): Promise<AlgoConfigItem> {
      const row = await deps.repository.setEngine(taskType, engine, new Date());
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
