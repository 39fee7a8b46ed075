import type { EngineConnections } from '@lumen/contracts/engine-settings';
import type {
  ConnectableEngine,
  ConnectionReport,
  EngineConnectionBody,
  EngineRouteBody,
  EngineWarning,
  EnginesOverview,
} from '@lumen/contracts/engines-admin';
import { ErrorCode } from '@lumen/contracts/error-codes';
import {
  engineNameSchema,
  taskTypeSchema,
  type EngineName,
  type TaskType,
} from '@lumen/contracts/task-types';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AlgoConfigService } from '../algo-config/algo-config.service';
import { routeOf } from '../algo-config/algo-config.service';
import type { ConnectionTester, Say } from './connection-probes';
import type { EngineConnectionsService } from './engine-connections.service';
import type { EnginesRepository } from './engines.repository';
import type { WorkersRegistry } from './workers-registry';

const DAY_MS = 24 * 3600_000;
/** The page lists workers that claimed within this time. */
const WORKER_RECENT_MS = 5 * 60_000;

/** The prompt every "Try it" sample runs with. */
export const TRY_PROMPT = 'A red apple on a wooden table, soft morning light, photograph';

/**
 * What a "Try it" sample of a task type takes: how many copies of the sample picture, whether
 * a mask over the picture's apple goes with them (repaint, eraser), and fixed params (the
 * ratio an expand grows the picture to).
 */
export interface SampleNeeds {
  images: number;
  mask: boolean;
  params: Record<string, unknown>;
}

export type TaskStatsPort = {
  statsSince(since: Date): Promise<
    {
      taskType: string;
      runs: number;
      failed: number;
      medianS: number | null;
      p95S: number | null;
    }[]
  >;
  queueDepth(): Promise<{ lane: number; queued: number; oldestCreatedAt: Date }[]>;
  runningBy(workerIds: string[]): Promise<{ id: string; taskType: string; owner: string }[]>;
};

export type EnginesDeps = {
  connections: EngineConnectionsService;
  algoConfig: AlgoConfigService;
  repository: EnginesRepository;
  workers: WorkersRegistry;
  tasks: TaskStatsPort;
  testers: { [E in ConnectableEngine]: ConnectionTester<E> };
  /** What a sample of this task type needs; undefined when it cannot be tried. */
  sampleFor(taskType: TaskType): SampleNeeds | undefined;
  /** Stores the sample picture as this user's upload and answers its key. */
  storeSampleImage(userId: number): Promise<string>;
  /** Stores the sample picture's mask (the apple) as this user's upload and answers its key. */
  storeSampleMask(userId: number): Promise<string>;
  /** Queues a sample task as this user through the normal generation path, at no cost. */
  submitSample(
    userId: number,
    taskType: TaskType,
    sample: {
      prompt: string;
      images: string[];
      mask?: string;
      params: Record<string, unknown>;
    },
  ): Promise<{ task_id: string }>;
  clock: Clock;
};

/** The admin Engines page: connections, routing with its figures, workers and the queue. */
export function createEnginesService(deps: EnginesDeps) {
  const { clock } = deps;

  async function listWorkers() {
    await deps.workers.flush();
    const rows = await deps.repository.listWorkersSince(
      new Date(clock.now().getTime() - WORKER_RECENT_MS),
    );
    const running = await deps.tasks.runningBy(rows.map((r) => r.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      engines: row.engines,
      task_types: row.taskTypes,
      current_tasks: running
        .filter((t) => t.owner === row.id)
        .map((t) => ({ id: t.id, task_type: t.taskType })),
      last_seen_at: row.lastSeenAt.toISOString(),
      tasks_done: row.tasksDone,
    }));
  }

  function warningsFor(
    routes: { task_type: TaskType; engine: EngineName }[],
    workers: { engines: string[]; task_types: string[] | null }[],
    connections: EngineConnections,
    unreadable: ConnectableEngine[],
  ): EngineWarning[] {
    const warnings: EngineWarning[] = [];
    const group = (kind: EngineWarning['kind'], pick: (r: (typeof routes)[number]) => boolean) => {
      const byEngine = new Map<EngineName, TaskType[]>();
      for (const r of routes.filter(pick)) {
        byEngine.set(r.engine, [...(byEngine.get(r.engine) ?? []), r.task_type]);
      }
      for (const [engine, types] of byEngine) warnings.push({ kind, engine, task_types: types });
    };
    group(
      'no_worker',
      (r) =>
        !workers.some(
          (w) =>
            w.engines.includes(r.engine) &&
            (w.task_types === null || w.task_types.includes(r.task_type)),
        ),
    );
    group('not_configured', (r) => r.engine !== 'local' && !connections[r.engine]);
    for (const engine of unreadable) warnings.push({ kind: 'unreadable', engine, task_types: [] });
    return warnings;
  }

  return {
    async overview(): Promise<EnginesOverview> {
      const now = clock.now();
      const [connections, effective, unreadable, rows, stats, workers, depth] = await Promise.all([
        deps.connections.masked(),
        deps.connections.connections(),
        deps.connections.unreadable(),
        deps.algoConfig.listRoutes(),
        deps.tasks.statsSince(new Date(now.getTime() - DAY_MS)),
        listWorkers(),
        deps.tasks.queueDepth(),
      ]);
      const statsByType = new Map(stats.map((s) => [s.taskType, s]));
      const routes = rows.flatMap((row) => {
        const taskType = taskTypeSchema.safeParse(row.key);
        const engine = engineNameSchema.safeParse(row.engine ?? 'local');
        if (!taskType.success || !engine.success) return [];
        const route = routeOf(row.params);
        const s = statsByType.get(taskType.data);
        const round = (value: number | null | undefined) =>
          value === null || value === undefined ? null : Math.round(value * 10) / 10;
        return [
          {
            task_type: taskType.data,
            engine: engine.data,
            model: route.model ?? null,
            input: route.input ?? {},
            can_try: deps.sampleFor(taskType.data) !== undefined,
            stats: {
              runs: s?.runs ?? 0,
              failed: s?.failed ?? 0,
              failure_rate: s && s.runs > 0 ? s.failed / s.runs : null,
              median_s: round(s?.medianS),
              p95_s: round(s?.p95S),
            },
          },
        ];
      });
      return {
        connections,
        routes,
        workers,
        queue: depth.map((d) => ({
          lane: d.lane,
          queued: d.queued,
          oldest_wait_s: Math.max(
            0,
            Math.round((now.getTime() - d.oldestCreatedAt.getTime()) / 1000),
          ),
        })),
        warnings: warningsFor(routes, workers, effective, unreadable),
      };
    },

    async setRoute(taskType: TaskType, body: EngineRouteBody) {
      const item = await deps.algoConfig.setRoute(taskType, body.engine, {
        ...(body.model ? { model: body.model } : {}),
        ...(body.input ? { input: body.input } : {}),
      });
      return {
        task_type: taskType,
        engine: engineNameSchema.parse(item.engine ?? 'local'),
        route: routeOf(item.params),
      };
    },

    async testConnection(
      engine: ConnectableEngine,
      body: EngineConnectionBody | undefined,
      say: Say,
    ): Promise<ConnectionReport> {
      const connection = await deps.connections.connectionToTest(engine, body);
      if (!connection) {
        return {
          ok: false,
          reachable: false,
          auth: 'unknown',
          details: [say('engines.probe.notConfigured')],
        };
      }
      const tester = deps.testers[engine] as ConnectionTester<typeof engine>;
      return tester(connection as never, say);
    },

    /** "Try it": a small sample of this task type, run as the admin at no cost. */
    async trySample(userId: number, taskType: TaskType): Promise<{ task_id: string }> {
      const needs = deps.sampleFor(taskType);
      if (needs === undefined) {
        throw new AppError(ErrorCode.invalidParams, 'errors.tryUnavailable', { taskType });
      }
      const keys: string[] = [];
      for (let i = 0; i < needs.images; i += 1) keys.push(await deps.storeSampleImage(userId));
      const mask = needs.mask ? await deps.storeSampleMask(userId) : undefined;
      return deps.submitSample(userId, taskType, {
        prompt: TRY_PROMPT,
        images: keys,
        ...(mask ? { mask } : {}),
        params: needs.params,
      });
    },
  };
}

export type EnginesService = ReturnType<typeof createEnginesService>;
