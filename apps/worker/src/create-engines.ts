import type { EngineConnections } from '@lumen/contracts/engine-settings';
import { remoteEngineNames, type EngineName } from '@lumen/contracts/task-types';

/** What WORKER_CONFIGURED_ENGINES names: the engines offered once configured. */
export function enginesWhenConfigured(
  setting: 'hosted' | 'all' | 'none',
  remoteSlots: number,
): ReadonlySet<EngineName> {
  if (setting === 'none') return new Set();
  const hosted = remoteSlots > 0 ? [...remoteEngineNames] : [];
  return new Set<EngineName>(setting === 'all' ? [...hosted, 'comfyui'] : hosted);
}
import type { Engine } from '@lumen/engines/engine';
import { createComfyUiEngine } from '@lumen/engines/comfyui/comfyui-engine';
import { createFalEngine } from '@lumen/engines/fal/fal-engine';
import { createReplicateEngine } from '@lumen/engines/replicate/replicate-engine';
import { createLocalEngine } from '@lumen/engines/local/local-engine';
import { createMlHandlers } from '@lumen/engines/ml/ml-handlers';
import { createOpenAiEngine } from '@lumen/engines/openai/openai-engine';
import { createChatTranslator } from '@lumen/engines/openai/translate-lines';

export type EngineChoice = {
  /** The engines this worker was told to offer (WORKER_ENGINES). */
  offered: readonly EngineName[];
  /** Engines it also offers, named or not, once they are configured. */
  whenConfigured: ReadonlySet<EngineName>;
  connections: EngineConnections;
};

/** An engine's connection, whichever engine it is (the local engine has none). */
const connectionOf = (connections: EngineConnections, name: EngineName): unknown =>
  (connections as Record<string, unknown>)[name] ?? null;

/** One engine made from its connection, or why it cannot be. */
function makeEngine(
  name: EngineName,
  connections: EngineConnections,
  workerId: string,
): Engine | string {
  switch (name) {
    case 'local':
      // Image translation asks the configured chat model for its lines when there is one.
      return createLocalEngine({
        handlers: createMlHandlers(
          connections.openai ? { translateLines: createChatTranslator(connections.openai) } : {},
        ),
      });
    case 'comfyui':
      return connections.comfyui
        ? createComfyUiEngine({ baseUrl: connections.comfyui.url, clientId: `lumen-${workerId}` })
        : 'comfyui: no ComfyUI URL is set (COMFYUI_URL or Admin → Engines)';
    case 'openai':
      return connections.openai
        ? createOpenAiEngine(connections.openai)
        : 'openai: no OpenAI-compatible API is set (OPENAI_BASE_URL and OPENAI_API_KEY or Admin → Engines)';
    case 'replicate':
      return connections.replicate
        ? createReplicateEngine(connections.replicate)
        : 'replicate: no Replicate or Cog address is set (REPLICATE_API_TOKEN or Admin → Engines)';
    case 'fal':
      return connections.fal
        ? createFalEngine(connections.fal)
        : 'fal: no fal key is set (FAL_KEY or Admin → Engines)';
  }
}

/**
 * The engines a worker runs, kept from one set of connections to the next: an engine whose
 * connection did not change stays the same object (the local engine loads its models once),
 * and an engine named but not configured is left out with a reason, so a worker never claims
 * tasks it cannot run.
 */
export function createEngineSet(workerId: string) {
  const made = new Map<EngineName, { key: string; engine: Engine }>();
  return {
    build(choice: EngineChoice): { engines: Engine[]; skipped: string[] } {
      const engines: Engine[] = [];
      const skipped: string[] = [];
      const names = new Set<EngineName>(choice.offered);
      for (const name of choice.whenConfigured) {
        if (connectionOf(choice.connections, name)) names.add(name);
      }
      for (const name of names) {
        // The local engine's image translation uses the chat connection, so it keys on it too.
        const key = JSON.stringify(
          name === 'local'
            ? (choice.connections.openai ?? null)
            : connectionOf(choice.connections, name),
        );
        const kept = made.get(name);
        if (kept?.key === key) {
          engines.push(kept.engine);
          continue;
        }
        const engine = makeEngine(name, choice.connections, workerId);
        if (typeof engine === 'string') {
          made.delete(name);
          skipped.push(engine);
        } else {
          made.set(name, { key, engine });
          engines.push(engine);
        }
      }
      return { engines, skipped };
    },
  };
}

/**
 * The connections a worker uses: its own environment's for each engine set there, the
 * server's (the admin Engines page and the server's environment) for the rest.
 */
export function mergeConnections(
  own: EngineConnections,
  server: EngineConnections | undefined,
): EngineConnections {
  return { ...server, ...Object.fromEntries(Object.entries(own).filter(([, v]) => v)) };
}
