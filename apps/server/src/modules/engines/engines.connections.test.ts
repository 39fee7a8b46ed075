import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeComfyUi, type FakeComfyUi } from '@lumen/engines/comfyui/fake-comfyui-server';
import { createWorkflowLoader, workflowTemplates } from '@lumen/engines/comfyui/workflow-templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { enginesWhenConfigured } from '@lumen/worker/create-engines';
import { createEngineSettingsWatch } from '@lumen/worker/engine-settings-watch';
import { createHttpWorkerApi } from '@lumen/worker/http-worker-api';
import { createSealer } from './engine-secrets';
import { engineConnections } from './engines.schema';

const ADMIN = 'engines-admin@example.com';
const TOKEN = 'engines-worker-token-0123456789';
const FAL_KEY = 'fal-key-4e1c0d7a-secret-9f3b';
const OPENAI_KEY = 'sk-test-openai-0123456789abcdef';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let admin: { ticket: string; id: number };
let user: { ticket: string; id: number };
let models: Server;
let modelsUrl: string;

/** A loopback OpenAI-style API: `GET /v1/models` with the right key lists two models. */
function startModelsServer(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url !== '/v1/models') return void res.writeHead(404).end();
    if (req.headers.authorization !== `Bearer ${OPENAI_KEY}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: { message: 'Incorrect API key' } }));
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        object: 'list',
        data: [
          { id: 'gpt-image-1', object: 'model' },
          { id: 'gpt-4o-mini', object: 'model' },
        ],
      }),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A port nothing listens on: one just closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const call = (...args: Parameters<ReturnType<typeof createApiCaller>['call']>) => api.call(...args);

const workerEngines = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/worker/v1/engines',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
  ).json() as Json;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, WORKER_TOKENS: TOKEN } });
  api = createApiCaller(t);
  admin = await api.signIn(ADMIN);
  user = await api.signIn('engines-user@example.com');
  models = await startModelsServer();
  modelsUrl = `http://127.0.0.1:${(models.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => models.close(resolve));
  await t.close();
});

describe('engine connections', () => {
  it('stores a saved key sealed, shows it masked, and hands it to workers with a new version', async () => {
    const before = (await workerEngines()).result;
    expect(before.connections.fal).toBeUndefined();

    const saved = await call('PUT', '/prod-api/admin/engines/fal', admin.ticket, { key: FAL_KEY });
    expect(saved.code).toBe(0);
    expect(saved.result.connection).toMatchObject({
      engine: 'fal',
      source: 'admin',
      fields: { queueUrl: 'https://queue.fal.run', key: '••••9f3b' },
    });

    const [row] = await t.database.db.select().from(engineConnections);
    expect(row?.engine).toBe('fal');
    expect(row?.sealed).not.toContain(FAL_KEY);
    expect(row?.sealed).not.toContain('9f3b');
    expect(row?.sealed).not.toContain('queue.fal.run');

    const page = await call('GET', '/prod-api/admin/engines', admin.ticket);
    expect(page.code).toBe(0);
    expect(JSON.stringify(page)).not.toContain(FAL_KEY);
    expect(page.result.connections.find((c: Json) => c.engine === 'fal').fields.key).toBe(
      '••••9f3b',
    );

    const after = (await workerEngines()).result;
    expect(after.connections.fal).toEqual({ queueUrl: 'https://queue.fal.run', key: FAL_KEY });
    expect(after.version).not.toBe(before.version);
  });

  it('reaches a running worker: its engines follow a saved connection without a restart', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const http = createHttpWorkerApi({
      serverUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      token: TOKEN,
    });
    const watch = createEngineSettingsWatch({
      workerId: 'watching',
      fetchSettings: () => http.engineSettings(),
      own: {},
      choice: { offered: ['local'], whenConfigured: enginesWhenConfigured('all', 8) },
      logger: { info() {}, warn() {}, error() {} },
    });
    const names = (engines: { name: string }[]) => engines.map((e) => e.name).sort();
    let offered = names((await watch.initial()).engines);
    const apply = (engines: { name: string }[]) => (offered = names(engines));
    expect(await watch.check(apply)).toBe(false);
    await call('PUT', '/prod-api/admin/engines/replicate', admin.ticket, {
      baseUrl: 'https://api.replicate.com',
      token: 'r8_0123456789abcdef',
    });
    expect(await watch.check(apply)).toBe(true);
    expect(offered).toContain('replicate');
    await call('DELETE', '/prod-api/admin/engines/replicate', admin.ticket);
    expect(await watch.check(apply)).toBe(true);
    expect(offered).not.toContain('replicate');
  });

  it('keeps the stored secret when the masked value comes back, and clears it on null', async () => {
    const kept = await call('PUT', '/prod-api/admin/engines/fal', admin.ticket, {
      key: '••••9f3b',
      queueUrl: 'https://fal.example.com/queue',
    });
    expect(kept.code).toBe(0);
    const settings = (await workerEngines()).result;
    expect(settings.connections.fal).toEqual({
      queueUrl: 'https://fal.example.com/queue',
      key: FAL_KEY,
    });

    const cleared = await call('PUT', '/prod-api/admin/engines/fal', admin.ticket, { key: null });
    expect(cleared.code).toBe(1001);
    expect(cleared.msg).toContain('key');
    // Refused: nothing changed.
    expect((await workerEngines()).result.connections.fal.key).toBe(FAL_KEY);
  });

  it('refuses bad fields with a translated message and changes nothing', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/prod-api/admin/engines/comfyui',
      headers: { authorization: `Bearer ${admin.ticket}`, 'x-accept-language': 'es' },
      payload: { url: 'ftp://gpu.example.com' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(1001);
    expect(bad.json().msg).toMatch(/Parámetros no válidos/);
    const unknown = await call('PUT', '/prod-api/admin/engines/comfyui', admin.ticket, {
      url: 'http://gpu.example.com:8188',
      password: 'x',
    });
    expect(unknown.code).toBe(1001);
    expect((await workerEngines()).result.connections.comfyui).toBeUndefined();
    const noEngine = await call('PUT', '/prod-api/admin/engines/local', admin.ticket, {});
    expect(noEngine.code).toBe(1001);
  });

  it('opens the sealed row only with its key: another key reads it as unreadable', async () => {
    const sealer = createSealer(Buffer.alloc(32, 7));
    const sealed = sealer.seal('{"url":"http://gpu.example.com"}');
    expect(sealer.open(sealed)).toBe('{"url":"http://gpu.example.com"}');
    expect(createSealer(Buffer.alloc(32, 8)).open(sealed)).toBeUndefined();
    expect(sealer.open(`${sealed.slice(0, -2)}AA`)).toBeUndefined();
    // Two seals of one text differ (a fresh IV each time).
    expect(sealer.seal('same')).not.toBe(sealer.seal('same'));

    // A row sealed with another node's key is not served, and the page says so.
    await t.database.db
      .insert(engineConnections)
      .values({ engine: 'comfyui', sealed, updatedAt: new Date(), updatedBy: admin.id });
    await new Promise((resolve) => setTimeout(resolve, 3100));
    expect((await workerEngines()).result.connections.comfyui).toBeUndefined();
    const page = await call('GET', '/prod-api/admin/engines', admin.ticket);
    expect(page.result.warnings).toContainEqual({
      kind: 'unreadable',
      engine: 'comfyui',
      task_types: [],
    });
    await call('DELETE', '/prod-api/admin/engines/comfyui', admin.ticket);
    const after = await call('GET', '/prod-api/admin/engines', admin.ticket);
    expect(after.result.warnings.map((w: Json) => w.kind)).not.toContain('unreadable');
  });

  it('answers 1003 to a signed-in user and 3015 to a visitor on every engines route, changing nothing', async () => {
    const routes: [method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: object][] = [
      ['GET', '/prod-api/admin/engines'],
      ['PUT', '/prod-api/admin/engines/fal', { key: 'stolen-key-0000000000' }],
      ['DELETE', '/prod-api/admin/engines/fal'],
      ['POST', '/prod-api/admin/engines/comfyui/test', { url: 'http://127.0.0.1:9' }],
      ['PUT', '/prod-api/admin/engines/routes/txt2img', { engine: 'fal' }],
      ['POST', '/prod-api/admin/engines/routes/txt2img/try'],
    ];
    for (const [method, url, body] of routes) {
      const asUser = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${user.ticket}` },
        ...(body ? { payload: body } : {}),
      });
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
      expect(asUser.json().code).toBe(1003);
      const asVisitor = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(asVisitor.json().code, `${method} ${url}`).toBe(3015);
    }
    expect((await workerEngines()).result.connections.fal.key).toBe(FAL_KEY);
    const engine = await call('GET', '/prod-api/content/algo_config/list?algo_set=engine_set');
    expect(engine.result.data.find((r: Json) => r.key === 'txt2img').engine).toBe('local');
  });

  it('refuses /worker/v1/engines without the worker token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/worker/v1/engines',
      headers: { authorization: `Bearer ${user.ticket}` },
    });
    expect(res.json().code).toBe(1003);
    expect(res.body).not.toContain(FAL_KEY);
  });

  it('lists the engines API in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Json;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/prod-api/admin/engines',
        '/prod-api/admin/engines/{engine}',
        '/prod-api/admin/engines/{engine}/test',
        '/prod-api/admin/engines/routes/{task_type}',
        '/prod-api/admin/engines/routes/{task_type}/try',
        '/worker/v1/engines',
      ]),
    );
  });
});

describe('test connection', () => {
  let comfy: FakeComfyUi;
  beforeAll(async () => {
    comfy = await startFakeComfyUi({ nodeClasses: ['KSampler', 'CLIPTextEncode', 'SaveImage'] });
  });
  afterAll(() => comfy.close());

  it('says what a ComfyUI server has, and which of our nodes it lacks', async () => {
    const res = await call('POST', '/prod-api/admin/engines/comfyui/test', admin.ticket, {
      url: comfy.baseUrl,
    });
    expect(res.code).toBe(0);
    expect(res.result).toMatchObject({ ok: false, reachable: true, auth: 'ok' });
    expect(res.result.details).toContain('ComfyUI is reachable (version 0.3.66)');
    expect(res.result.details).toContain('3 node types are installed');
    const missing = res.result.details.find((d: string) => d.startsWith('Missing nodes'));
    expect(missing).toContain('UNETLoader');
    expect(missing).not.toContain('KSampler');
    // Each tool says what it lacks, so an operator sees which tools a server can run.
    expect(res.result.details).toContainEqual(
      expect.stringMatching(/^inpaint cannot run until these are installed: .*UNETLoader/),
    );
    // Tested before saving: nothing was stored.
    expect((await workerEngines()).result.connections.comfyui).toBeUndefined();
  });

  it('passes a server that runs some tools, naming the tools whose nodes it lacks', async () => {
    const txt2img = await createWorkflowLoader()(workflowTemplates.txt2img?.file ?? '');
    const basic = await startFakeComfyUi({
      nodeClasses: [...new Set(Object.values(txt2img).map((n) => n.class_type))],
    });
    try {
      const res = await call('POST', '/prod-api/admin/engines/comfyui/test', admin.ticket, {
        url: basic.baseUrl,
      });
      expect(res.result.ok).toBe(true);
      expect(res.result.details).toContainEqual(
        expect.stringMatching(/^mouth_speech cannot run until these are installed: /),
      );
      expect(res.result.details.join('\n')).not.toContain('txt2img cannot run');
    } finally {
      await basic.close();
    }
  });

  it('says the host is unreachable, in the caller’s language, without a 5xx', async () => {
    const port = await closedPort();
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/admin/engines/comfyui/test',
      headers: { authorization: `Bearer ${admin.ticket}`, 'x-accept-language': 'ja' },
      payload: { url: `http://127.0.0.1:${port}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ ok: false, reachable: false, auth: 'unknown' });
    expect(res.json().result.details[0]).toBe(
      `127.0.0.1:${port} が接続を拒否しました（そこで待ち受けているサービスがありません）`,
    );
  });

  it('checks an OpenAI-compatible key and models against /models', async () => {
    const good = await call('POST', '/prod-api/admin/engines/openai/test', admin.ticket, {
      baseUrl: modelsUrl,
      apiKey: OPENAI_KEY,
    });
    expect(good.result).toEqual({
      ok: true,
      reachable: true,
      auth: 'ok',
      details: [
        'The key was accepted',
        '2 models are available',
        'The model gpt-image-1 is available',
        'The model gpt-4o-mini is available',
      ],
    });
    const wrongModel = await call('POST', '/prod-api/admin/engines/openai/test', admin.ticket, {
      baseUrl: modelsUrl,
      apiKey: OPENAI_KEY,
      imageModel: 'dall-e-9',
    });
    expect(wrongModel.result.ok).toBe(false);
    expect(wrongModel.result.details).toContain('The model dall-e-9 is not in the list');
    const refused = await call('POST', '/prod-api/admin/engines/openai/test', admin.ticket, {
      baseUrl: modelsUrl,
      apiKey: 'sk-wrong-key-000000000000',
    });
    expect(refused.result).toMatchObject({ ok: false, reachable: true, auth: 'refused' });
    expect(refused.result.details).toEqual(['The key was refused (HTTP 401)']);
  });

  it('tests the saved connection when no fields are sent', async () => {
    const saved = await call('PUT', '/prod-api/admin/engines/openai', admin.ticket, {
      baseUrl: modelsUrl,
      apiKey: OPENAI_KEY,
    });
    expect(saved.result.connection.fields.apiKey).toBe('••••cdef');
    const res = await call('POST', '/prod-api/admin/engines/openai/test', admin.ticket);
    expect(res).toMatchObject({ code: 0, result: { ok: true } });
    const none = await call('POST', '/prod-api/admin/engines/replicate/test', admin.ticket);
    expect(none.result).toEqual({
      ok: false,
      reachable: false,
      auth: 'unknown',
      details: ['No connection is set up for this engine'],
    });
  });
});

describe('engines set by the environment', () => {
  let envApp: TestApp;
  let envAdmin: { ticket: string; id: number };
  const ENV_TOKEN = 'r8_env_token_abcdefghijklmnop';
  beforeAll(async () => {
    envApp = await createTestApp({
      env: {
        ADMIN_EMAILS: ADMIN,
        WORKER_TOKENS: TOKEN,
        REPLICATE_API_TOKEN: ENV_TOKEN,
        ENGINE_SECRETS_KEY: 'a'.repeat(64),
      },
    });
    envAdmin = await createApiCaller(envApp).signIn(ADMIN);
  });
  afterAll(() => envApp.close());

  it('shows them as set by the environment, masked, and refuses to edit them', async () => {
    const caller = createApiCaller(envApp);
    const page = await caller.call('GET', '/prod-api/admin/engines', envAdmin.ticket);
    const replicate = page.result.connections.find((c: Json) => c.engine === 'replicate');
    expect(replicate).toEqual({
      engine: 'replicate',
      source: 'env',
      fields: { baseUrl: 'https://api.replicate.com', token: '••••mnop' },
      updated_at: null,
    });
    expect(JSON.stringify(page)).not.toContain(ENV_TOKEN);
    const edit = await envApp.app.inject({
      method: 'PUT',
      url: '/prod-api/admin/engines/replicate',
      headers: { authorization: `Bearer ${envAdmin.ticket}`, 'x-accept-language': 'zh' },
      payload: { token: 'r8_other_token_0000000000' },
    });
    expect(edit.json()).toMatchObject({ code: 1001, msg: '该引擎由环境变量设置，无法在此修改' });
    const rows = await envApp.database.db.select().from(engineConnections);
    expect(rows).toEqual([]);
    const settings = await envApp.app.inject({
      method: 'GET',
      url: '/worker/v1/engines',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(settings.json().result.connections.replicate).toEqual({
      baseUrl: 'https://api.replicate.com',
      token: ENV_TOKEN,
    });
  });

  it('refuses a malformed ENGINE_SECRETS_KEY at start', async () => {
    const { loadConfig } = await import('../../config/env');
    expect(() => loadConfig({ ENGINE_SECRETS_KEY: 'too-short' })).toThrow(/ENGINE_SECRETS_KEY/);
    expect(
      loadConfig({ ENGINE_SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') }).engines.secretsKey,
    ).toHaveLength(32);
  });
});
