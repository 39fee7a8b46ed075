import type { EngineConnections } from '@lumen/contracts/engine-settings';
import type { ConnectionReport } from '@lumen/contracts/engines-admin';
import type { MessageKey } from '../../lib/i18n/en';
import type { MessageParams } from '../../lib/i18n/translate';

/** Puts a fixed sentence in the caller's language. */
export type Say = (key: MessageKey, params?: MessageParams) => string;

type Connection<E extends keyof EngineConnections> = NonNullable<EngineConnections[E]>;

/**
 * Checks a connection the way its engine will use it and says what it found. Never throws for
 * anything the other side does: an unreachable host is `reachable: false` with the reason.
 */
export type ConnectionTester<E extends keyof EngineConnections> = (
  connection: Connection<E>,
  say: Say,
) => Promise<ConnectionReport>;

export const PROBE_TIMEOUT_MS = 5000;

type Answer = { status: number; body: unknown };

/** One GET with the probe timeout; a failure to connect comes back as its reason in words. */
async function get(
  url: string,
  headers: Record<string, string>,
  say: Say,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<{ ok: true; answer: Answer } | { ok: false; reason: string }> {
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    const text = await res.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { ok: true, answer: { status: res.status, body } };
  } catch (error) {
    return { ok: false, reason: describeFailure(error, url, say, timeoutMs) };
  }
}

function describeFailure(error: unknown, url: string, say: Say, timeoutMs: number): string {
  const host = safeHost(url);
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return say('engines.probe.timeout', { host, seconds: Math.round(timeoutMs / 1000) });
  }
  const cause =
    error instanceof Error
      ? (error.cause as { code?: string; message?: string } | undefined)
      : undefined;
  const code = cause?.code ?? '';
  if (code === 'ECONNREFUSED') return say('engines.probe.refused', { host });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return say('engines.probe.noHost', { host });
  if (code.startsWith('ERR_TLS') || code.includes('CERT')) {
    return say('engines.probe.tls', { host });
  }
  // fetch's own reason ("bad port", "invalid URL") is in its cause; its message says only "fetch failed".
  const reason = code || cause?.message || (error instanceof Error ? error.message : String(error));
  return say('engines.probe.failed', { host, reason });
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

const join = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

const unreachable = (reason: string): ConnectionReport => ({
  ok: false,
  reachable: false,
  auth: 'unknown',
  details: [reason],
});

/** ComfyUI: `/system_stats` for the version, `/object_info` for the nodes our workflows use. */
export function comfyUiTester(
  /** The node classes each task type's workflow uses. */
  requiredNodes: () => Promise<Map<string, Set<string>>>,
): ConnectionTester<'comfyui'> {
  return async ({ url }, say) => {
    const stats = await get(join(url, '/system_stats'), {}, say);
    if (!stats.ok) return unreachable(stats.reason);
    const details: string[] = [];
    const system = (stats.answer.body as { system?: { comfyui_version?: unknown } } | undefined)
      ?.system;
    if (stats.answer.status !== 200 || !system) {
      return {
        ok: false,
        reachable: true,
        auth: stats.answer.status === 401 || stats.answer.status === 403 ? 'refused' : 'unknown',
        details: [say('engines.probe.notComfyUi', { status: stats.answer.status })],
      };
    }
    const version = typeof system.comfyui_version === 'string' ? system.comfyui_version : '?';
    details.push(say('engines.probe.comfyUiVersion', { version }));
    const info = await get(join(url, '/object_info'), {}, say, PROBE_TIMEOUT_MS * 2);
    if (!info.ok)
      return { ok: false, reachable: true, auth: 'ok', details: [...details, info.reason] };
    const nodes = info.answer.body;
    if (info.answer.status !== 200 || !nodes || typeof nodes !== 'object') {
      details.push(say('engines.probe.noNodeList', { status: info.answer.status }));
      return { ok: false, reachable: true, auth: 'ok', details };
    }
    const available = new Set(Object.keys(nodes));
    details.push(say('engines.probe.nodeCount', { count: available.size }));
    // A server without a tool's custom nodes still runs the others: the report names what each
    // tool lacks, and fails only when no tool could run at all.
    const lacking = [...(await requiredNodes())]
      .map(([taskType, needed]) => ({
        taskType,
        missing: [...needed].filter((name) => !available.has(name)).sort(),
      }))
      .filter((tool) => tool.missing.length > 0);
    const allMissing = [...new Set(lacking.flatMap((tool) => tool.missing))].sort();
    if (allMissing.length === 0) {
      details.push(say('engines.probe.nodesPresent'));
      return { ok: true, reachable: true, auth: 'ok', details };
    }
    details.push(say('engines.probe.nodesMissing', { nodes: allMissing.join(', ') }));
    for (const tool of lacking) {
      details.push(
        say('engines.probe.toolNodesMissing', {
          tool: tool.taskType,
          nodes: tool.missing.join(', '),
        }),
      );
    }
    const runnable = (await requiredNodes()).size - lacking.length;
    return { ok: runnable > 0, reachable: true, auth: 'ok', details };
  };
}

/** The service answered and refused the key. */
const keyRefused = (say: Say, status: number): ConnectionReport => ({
  ok: false,
  reachable: true,
  auth: 'refused',
  details: [say('engines.probe.keyRefused', { status })],
});

/** The service answered, but not as it answers a working key. */
const unexpectedAnswer = (say: Say, status: number): ConnectionReport => ({
  ok: false,
  reachable: true,
  auth: 'unknown',
  details: [say('engines.probe.unexpected', { status })],
});

/** OpenAI-compatible APIs: `GET {base}/models` with the key, and whether our models are listed. */
export const openAiTester: ConnectionTester<'openai'> = async (connection, say) => {
  const answer = await get(
    join(connection.baseUrl, '/models'),
    { authorization: `Bearer ${connection.apiKey}` },
    say,
  );
  if (!answer.ok) return unreachable(answer.reason);
  const { status, body } = answer.answer;
  if (status === 401 || status === 403) {
    return keyRefused(say, status);
  }
  const data = (body as { data?: unknown } | undefined)?.data;
  if (status !== 200 || !Array.isArray(data)) {
    return unexpectedAnswer(say, status);
  }
  const ids = new Set(
    data
      .map((m) => (m && typeof m === 'object' ? (m as { id?: unknown }).id : undefined))
      .filter((id): id is string => typeof id === 'string'),
  );
  const details = [
    say('engines.probe.keyAccepted'),
    say('engines.probe.modelCount', { count: ids.size }),
  ];
  let ok = true;
  for (const model of [connection.imageModel, connection.chatModel]) {
    if (ids.has(model)) details.push(say('engines.probe.modelListed', { model }));
    else {
      ok = false;
      details.push(say('engines.probe.modelMissing', { model }));
    }
  }
  return { ok, reachable: true, auth: 'ok', details };
};

/** Replicate (or a Cog container): `GET {base}/v1/account` with the token. */
export const replicateTester: ConnectionTester<'replicate'> = async (connection, say) => {
  const answer = await get(
    join(connection.baseUrl, '/v1/account'),
    connection.token ? { authorization: `Bearer ${connection.token}` } : {},
    say,
  );
  if (!answer.ok) return unreachable(answer.reason);
  const { status, body } = answer.answer;
  if (status === 401 || status === 403) {
    return keyRefused(say, status);
  }
  if (status === 200) {
    const username = (body as { username?: unknown } | undefined)?.username;
    return {
      ok: true,
      reachable: true,
      auth: 'ok',
      details: [
        say('engines.probe.keyAccepted'),
        ...(typeof username === 'string' ? [say('engines.probe.account', { name: username })] : []),
      ],
    };
  }
  return unexpectedAnswer(say, status);
};

/**
 * fal: the status of a request id nobody made. A refused key answers 401 or 403; anything
 * else (404 for the unknown request) means the queue was reached and took the key.
 */
export const falTester: ConnectionTester<'fal'> = async (connection, say) => {
  const answer = await get(
    join(connection.queueUrl, `/fal-ai/flux/requests/${crypto.randomUUID()}/status`),
    { authorization: `Key ${connection.key}` },
    say,
  );
  if (!answer.ok) return unreachable(answer.reason);
  const { status } = answer.answer;
  if (status === 401 || status === 403) {
    return keyRefused(say, status);
  }
  if (status >= 500) {
    return unexpectedAnswer(say, status);
  }
  return {
    ok: true,
    reachable: true,
    auth: 'ok',
    details: [say('engines.probe.queueReached'), say('engines.probe.keyAccepted')],
  };
};
