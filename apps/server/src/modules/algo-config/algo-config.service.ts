import type { AlgoConfigItem, AlgoConfigListQuery } from '@lumen/contracts/algo-config';
import { engineRouteSchema, type EngineRoute } from '@lumen/contracts/engine-settings';
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

/** The route kept in a row's params; a row edited by hand that does not parse routes nothing. */
export function routeOf(params: Record<string, unknown>): EngineRoute {
  const parsed = engineRouteSchema.safeParse(params);
  return parsed.success ? parsed.data : {};
}

export function createAlgoConfigService(deps: { repository: AlgoConfigRepository }) {
  const routes = new Map<string, { engine: string; route: EngineRoute; until: number }>();

  async function cachedRoute(taskType: string) {
    const cached = routes.get(taskType);
    if (cached && cached.until > Date.now()) return cached;
    const row = await deps.repository.findRoute(taskType);
    const entry = {
      engine: row?.engine ?? 'local',
      route: routeOf(row?.params ?? {}),
      until: Date.now() + ENGINE_CACHE_MS,
    };
    routes.set(taskType, entry);
    return entry;
  }

  return {
    /** The engine serving a task type (architecture decision 4); local when unset. */
    async engineFor(taskType: string): Promise<string> {
      return (await cachedRoute(taskType)).engine;
    },
    /** The engine and its model and fixed inputs for a task type, as a claim hands them on. */
    async routeFor(taskType: string): Promise<{ engine: string; route: EngineRoute }> {
      const { engine, route } = await cachedRoute(taskType);
      return { engine, route };
    },
    /** Every task type's routing row, in display order. */
    async listRoutes(): Promise<AlgoConfigItem[]> {
      return (await deps.repository.listRoutes()).map(toItem);
    },
    /** Routes a task type to an engine with a model and fixed inputs (the admin Engines page). */
    async setRoute(taskType: string, engine: string, route: EngineRoute): Promise<AlgoConfigItem> {
      const params: Record<string, unknown> = {};
      if (route.model) params.model = route.model;
      if (route.input && Object.keys(route.input).length > 0) params.input = route.input;
      const row = await deps.repository.setRoute(taskType, engine, params, new Date());
      routes.delete(taskType);
      if (!row) throw new AppError(ErrorCode.notFound, 'errors.notFound');
      return toItem(row);
    },
    /** Routes a task type to another engine; tasks queued from now on use it. */
    async setEngine(taskType: string, engine: string): Promise<AlgoConfigItem> {
      const row = await deps.repository.setEngine(taskType, engine, new Date());
      // After the write, so a lookup racing it cannot keep the old engine.
      routes.delete(taskType);
      if (!row) throw new AppError(ErrorCode.notFound, 'errors.notFound');
      return toItem(row);
    },
    async list(query: AlgoConfigListQuery): Promise<AlgoConfigItem[]> {
      const rows = await deps.repository.listEnabled(query.algo_set, query.client_type);
      return rows.map(toItem);
    },
    /** An enabled effect template by key: the prompt it runs with and how many pictures it takes. */
    async effectOf(
      key: string,
    ): Promise<{ key: string; prompt: string; images: 1 | 2 } | undefined> {
      const rows = await deps.repository.listEnabled('effect_set', 'all');
      const row = rows.find((r) => r.key === key);
      if (!row) return undefined;
      const params = row.params as { prompt?: unknown; images?: unknown };
      return {
        key,
        prompt: typeof params.prompt === 'string' ? params.prompt : '',
        images: params.images === 2 ? 2 : 1,
      };
    },
    /** Puts the built-in rows in place at start-up without touching edited ones. */
    async seedDefaults(): Promise<void> {
      await deps.repository.insertMissing(algoConfigSeed());
    },
  };
}

export type AlgoConfigService = ReturnType<typeof createAlgoConfigService>;
