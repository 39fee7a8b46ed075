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
import { EditInputError } from '@lumen/engines/local/edit/edit-input-error';
import type { LineTranslator } from '@lumen/engines/local/shop/image-translate';

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

/**
 * Image translation on the local engine asks the chat model of the current OpenAI-compatible
 * connection for its lines. The connection is read at each run, so the local engine (and the
 * models it has loaded) stays the same object when the connection changes.
 */
type ChatTranslation = {
  connection: EngineConnections['openai'];
  translate: LineTranslator;
};

function createChatTranslation(): ChatTranslation {
  const made = new Map<string, LineTranslator>();
  const chat: ChatTranslation = {
    connection: undefined,
    translate: (lines, source, target, signal) => {
      const connection = chat.connection;
      if (!connection) {
        throw new EditInputError(
          'no_translation',
          'No language model is configured to translate: give each line its translation',
        );
      }
      const key = JSON.stringify(connection);
      let translate = made.get(key);
      if (!translate) {
        made.clear();
        translate = createChatTranslator(connection);
        made.set(key, translate);
      }
      return translate(lines, source, target, signal);
    },
  };
  return chat;
}

/** One engine made from its connection, or why it cannot be. */
function makeEngine(
  name: EngineName,
  connections: EngineConnections,
  workerId: string,
  chat: ChatTranslation,
): Engine | string {
  switch (name) {
    case 'local':
      return createLocalEngine({
        handlers: createMlHandlers({ translateLines: chat.translate }),
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
  const chat = createChatTranslation();
  return {
    build(choice: EngineChoice): { engines: Engine[]; skipped: string[] } {
      chat.connection = choice.connections.openai;
      const engines: Engine[] = [];
      const skipped: string[] = [];
      const names = new Set<EngineName>(choice.offered);
      for (const name of choice.whenConfigured) {
        if (connectionOf(choice.connections, name)) names.add(name);
      }
      for (const name of names) {
        const key = JSON.stringify(connectionOf(choice.connections, name));
        const kept = made.get(name);
        if (kept?.key === key) {
          engines.push(kept.engine);
          continue;
        }
        const engine = makeEngine(name, choice.connections, workerId, chat);
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
