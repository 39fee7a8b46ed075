import type { EngineConnections, WorkerEngineSettings } from '@lumen/contracts/engine-settings';
import type { Engine } from '@lumen/engines/engine';
import { createEngineSet, mergeConnections, type EngineChoice } from './create-engines';
import type { RunnerLogger } from './runner';

/**
 * Keeps a worker's engines in step with the server's engine settings: asks the server every
 * `intervalMs` and, when the settings' version changed, rebuilds the engines (those whose
 * connection did not change stay as they are) and hands them to `apply`.
 */
export function createEngineSettingsWatch(options: {
  workerId: string;
  /** The server's settings; null from a server that keeps none. */
  fetchSettings: () => Promise<WorkerEngineSettings | null>;
  /** This worker's own connections (its environment), which win over the server's. */
  own: EngineConnections;
  choice: Omit<EngineChoice, 'connections'>;
  logger: RunnerLogger;
  intervalMs?: number;
}) {
  const engineSet = createEngineSet(options.workerId);
  let version: string | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function fetchSettings(): Promise<WorkerEngineSettings | undefined> {
    try {
      return (await options.fetchSettings()) ?? undefined;
    } catch (err) {
      options.logger.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'engine settings unavailable',
      );
      return undefined;
    }
  }

  const build = (settings: WorkerEngineSettings | undefined) =>
    engineSet.build({
      ...options.choice,
      connections: mergeConnections(options.own, settings?.connections),
    });

  return {
    /** The engines to start with: the server's settings if it answers, else the worker's own. */
    async initial(): Promise<{ engines: Engine[]; skipped: string[] }> {
      const settings = await fetchSettings();
      version = settings?.version;
      return build(settings);
    },
    /** Asks the server once; applies new engines when its settings changed. */
    async check(apply: (engines: Engine[], skipped: string[]) => void): Promise<boolean> {
      const settings = await fetchSettings();
      if (!settings || settings.version === version) return false;
      version = settings.version;
      const { engines, skipped } = build(settings);
      apply(engines, skipped);
      return true;
    },
    start(apply: (engines: Engine[], skipped: string[]) => void): void {
      timer = setInterval(() => void this.check(apply), options.intervalMs ?? 10_000);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}
