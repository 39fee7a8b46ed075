import { createHash } from 'node:crypto';
import { ErrorCode } from '@lumen/contracts/error-codes';
import {
  engineConnectionsSchema,
  type EngineConnections,
  type WorkerEngineSettings,
} from '@lumen/contracts/engine-settings';
import {
  MASK_PREFIX,
  connectableEngines,
  connectionFields,
  type ConnectableEngine,
  type EngineConnectionBody,
  type EngineConnectionView,
} from '@lumen/contracts/engines-admin';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Sealer } from './engine-secrets';
import type { EnginesRepository } from './engines.repository';

/**
 * How long a node keeps the connections before reading them again. Workers ask every few
 * seconds; a save on this node is seen at once, on other nodes within this time.
 */
const CONNECTIONS_CACHE_MS = 3000;

/** Filled in when a field is left empty, as the environment variables' defaults are. */
const defaults: Record<ConnectableEngine, Record<string, string>> = {
  comfyui: {},
  openai: { imageModel: 'gpt-image-1', chatModel: 'gpt-4o-mini' },
  replicate: { baseUrl: 'https://api.replicate.com', token: '' },
  fal: { queueUrl: 'https://queue.fal.run' },
};

type Stored = { fields: Record<string, string>; updatedAt: Date };
type Snapshot = {
  stored: Map<ConnectableEngine, Stored>;
  /** Rows that did not open with this node's key (another key, or altered). */
  unreadable: Set<ConnectableEngine>;
  connections: EngineConnections;
  version: string;
};

/** A secret as the page sees it: the last four characters of a long one, nothing of a short one. */
export function maskSecret(secret: string): string {
  return secret.length >= 12 ? `${MASK_PREFIX}${secret.slice(-4)}` : MASK_PREFIX;
}

const isSecret = (engine: ConnectableEngine, field: string) =>
  connectionFields[engine].some((f) => f.name === field && f.secret);

export function createEngineConnectionsService(deps: {
  repository: EnginesRepository;
  sealer: Sealer;
  /** Connections set by environment variables: they win, and cannot be edited. */
  fromEnv: EngineConnections;
  clock: Clock;
}) {
  let cache: { snapshot: Promise<Snapshot>; until: number } | undefined;

  async function read(): Promise<Snapshot> {
    const stored = new Map<ConnectableEngine, Stored>();
    const unreadable = new Set<ConnectableEngine>();
    for (const row of await deps.repository.listConnections()) {
      const engine = connectableEngines.find((e) => e === row.engine);
      if (!engine) continue;
      const plain = deps.sealer.open(row.sealed);
      const fields = plain === undefined ? undefined : parseFields(plain);
      if (!fields) unreadable.add(engine);
      else stored.set(engine, { fields, updatedAt: row.updatedAt });
    }
    const merged: Record<string, unknown> = {};
    for (const engine of connectableEngines) {
      const fromEnv = deps.fromEnv[engine];
      if (fromEnv) merged[engine] = fromEnv;
      else {
        const saved = stored.get(engine);
        const parsed = saved && engineConnectionsSchema.shape[engine].safeParse(saved.fields);
        if (parsed?.success && parsed.data) merged[engine] = parsed.data;
      }
    }
    const connections = engineConnectionsSchema.parse(merged);
    return { stored, unreadable, connections, version: versionOf(connections) };
  }

  function snapshot(): Promise<Snapshot> {
    const now = Date.now();
    if (!cache || cache.until <= now) {
      const pending = read();
      cache = { snapshot: pending, until: now + CONNECTIONS_CACHE_MS };
      // A failed read must not stay cached for the next caller.
      pending.catch(() => {
        if (cache?.snapshot === pending) cache = undefined;
      });
    }
    return cache.snapshot;
  }

  function assertEditable(engine: ConnectableEngine) {
    if (deps.fromEnv[engine]) throw new AppError(ErrorCode.invalidParams, 'errors.engineSetByEnv');
  }

  /**
   * The fields a save (or a test of unsaved fields) would give: the body over what is there.
   * A secret omitted, or sent back masked, keeps the stored one; null or empty clears it.
   */
  function mergeFields(
    engine: ConnectableEngine,
    current: Record<string, string> | undefined,
    body: EngineConnectionBody,
  ): Record<string, string> {
    const fields: Record<string, string> = { ...defaults[engine], ...current };
    for (const { name } of connectionFields[engine]) {
      const value = (body as Record<string, string | null | undefined>)[name];
      if (value === undefined) continue;
      if (isSecret(engine, name)) {
        if (value === null || value === '') delete fields[name];
        else if (!value.startsWith(MASK_PREFIX)) fields[name] = value;
      } else if (value === null || value === '') delete fields[name];
      else fields[name] = value;
    }
    for (const [name, value] of Object.entries(defaults[engine])) fields[name] ??= value;
    return fields;
  }

  /** The complete connection these fields make, or a 1001 naming the first missing field. */
  function complete<E extends ConnectableEngine>(engine: E, fields: Record<string, string>) {
    const parsed = engineConnectionsSchema.shape[engine].safeParse(fields);
    if (parsed.success && parsed.data) return parsed.data as NonNullable<EngineConnections[E]>;
    const field = parsed.success ? engine : String(parsed.error.issues[0]?.path[0] ?? engine);
    throw new AppError(ErrorCode.invalidParams, 'errors.engineFieldRequired', { field }, [
      { field, message: 'required' },
    ]);
  }

  return {
    /** The effective connections: the environment's per engine, else the saved ones. */
    async connections(): Promise<EngineConnections> {
      return (await snapshot()).connections;
    },
    /** `GET /worker/v1/engines`. */
    async workerSettings(): Promise<WorkerEngineSettings> {
      const { connections, version } = await snapshot();
      return { version, connections };
    },
    async unreadable(): Promise<ConnectableEngine[]> {
      return [...(await snapshot()).unreadable];
    },
    /** For the page: each engine's fields with secrets masked, and where they come from. */
    async masked(): Promise<EngineConnectionView[]> {
      const { stored } = await snapshot();
      return connectableEngines.map((engine) => {
        const fromEnv = deps.fromEnv[engine] as Record<string, string> | undefined;
        const saved = stored.get(engine);
        const values = fromEnv ?? saved?.fields ?? {};
        const fields: Record<string, string> = {};
        for (const { name, secret } of connectionFields[engine]) {
          const value = values[name];
          if (value) fields[name] = secret ? maskSecret(value) : value;
        }
        return {
          engine,
          source: fromEnv ? 'env' : saved ? 'admin' : 'none',
          fields,
          updated_at: !fromEnv && saved ? saved.updatedAt.toISOString() : null,
        };
      });
    },
    async save(engine: ConnectableEngine, body: EngineConnectionBody, userId: number) {
      assertEditable(engine);
      const current = (await read()).stored.get(engine)?.fields;
      const fields = mergeFields(engine, current, body);
      complete(engine, fields);
      await deps.repository.upsertConnection(
        engine,
        deps.sealer.seal(JSON.stringify(fields)),
        userId,
        deps.clock.now(),
      );
      // After the write, so a read racing it cannot keep the old connections.
      cache = undefined;
    },
    async remove(engine: ConnectableEngine) {
      assertEditable(engine);
      await deps.repository.deleteConnection(engine);
      cache = undefined;
    },
    /** The connection a test should try: unsaved fields over the effective ones. */
    async connectionToTest<E extends ConnectableEngine>(
      engine: E,
      body: EngineConnectionBody | undefined,
    ): Promise<NonNullable<EngineConnections[E]> | undefined> {
      const { connections, stored } = await snapshot();
      const fromEnv = deps.fromEnv[engine];
      if (!body || fromEnv) return connections[engine] as NonNullable<EngineConnections[E]>;
      return complete(engine, mergeFields(engine, stored.get(engine)?.fields, body));
    },
  };
}

function parseFields(plain: string): Record<string, string> | undefined {
  try {
    const value: unknown = JSON.parse(plain);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    return Object.fromEntries(
      Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return undefined;
  }
}

/** Changes whenever any effective connection changes; keys in a fixed order. */
function versionOf(connections: EngineConnections): string {
  const canonical = JSON.stringify(connections, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

export type EngineConnectionsService = ReturnType<typeof createEngineConnectionsService>;
