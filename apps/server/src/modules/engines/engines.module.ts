import type { TaskType } from '@lumen/contracts/task-types';
import { createWorkflowLoader, workflowTemplates } from '@lumen/engines/comfyui/workflow-templates';
import sharp from 'sharp';
import type { Config } from '../../config/env';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { readOrCreateSecret } from '../../lib/secrets';
import { parseSecretsKey } from '../../config/env';
import type { AlgoConfigService } from '../algo-config/algo-config.service';
import {
  comfyUiTester,
  falTester,
  openAiTester,
  replicateTester,
  type ConnectionTester,
} from './connection-probes';
import { createEngineConnectionsService } from './engine-connections.service';
import { createSealer } from './engine-secrets';
import { createEnginesRepository } from './engines.repository';
import { createEnginesService, type EnginesDeps, type TaskStatsPort } from './engines.service';
import { createWorkersRegistry } from './workers-registry';

/** The node classes the built-in ComfyUI workflows use, read from their templates once. */
function workflowNodes(): () => Promise<Map<string, Set<string>>> {
  const load = createWorkflowLoader();
  let nodes: Promise<Map<string, Set<string>>> | undefined;
  return () => {
    nodes ??= Promise.all(
      Object.entries(workflowTemplates).map(async ([taskType, template]) => {
        const graph = await load(template.file);
        return [taskType, new Set(Object.values(graph).map((n) => n.class_type))] as const;
      }),
    ).then((entries) => new Map(entries));
    return nodes;
  };
}

/** A 512² picture with shapes and a gradient: enough for any image tool to show what it does. */
async function renderSampleImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f6d365"/><stop offset="1" stop-color="#fda085"/>
    </linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <circle cx="256" cy="230" r="120" fill="#c0392b"/>
    <rect x="246" y="90" width="20" height="50" fill="#5d4037"/>
    <rect x="0" y="400" width="512" height="112" fill="#8d6e63"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The sample picture's mask: white over the apple (and a little around it), black elsewhere. */
async function renderSampleMask(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <rect width="512" height="512" fill="#000"/>
    <circle cx="256" cy="222" r="140" fill="#fff"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Builds the engines module: connections, the workers registry, the page's service. */
export function createEngines(deps: {
  db: Database;
  config: Config;
  clock: Clock;
  algoConfig: AlgoConfigService;
  tasks: TaskStatsPort;
  log(err: unknown, message: string): void;
  sampleFor: EnginesDeps['sampleFor'];
  storeUpload(userId: number, bytes: Buffer, contentType: string): Promise<string>;
  submitSample: EnginesDeps['submitSample'];
  testers?: Partial<{ replicate: ConnectionTester<'replicate'>; fal: ConnectionTester<'fal'> }>;
}) {
  const repository = createEnginesRepository(deps.db);
  const { engines: env } = deps.config;
  const key =
    env.secretsKey ?? parseSecretsKey(readOrCreateSecret(deps.config.dataDir, 'engines'))!;
  const connections = createEngineConnectionsService({
    repository,
    sealer: createSealer(key),
    fromEnv: {
      ...(env.comfyuiUrl ? { comfyui: { url: env.comfyuiUrl } } : {}),
      ...(env.openai ? { openai: env.openai } : {}),
      ...(env.replicate ? { replicate: env.replicate } : {}),
      ...(env.fal ? { fal: env.fal } : {}),
    },
    clock: deps.clock,
  });
  const workers = createWorkersRegistry({
    repository,
    clock: deps.clock,
    onError: (err) => deps.log(err, 'writing the workers registry failed'),
  });
  let sample: Promise<Buffer> | undefined;
  let sampleMask: Promise<Buffer> | undefined;
  const service = createEnginesService({
    connections,
    algoConfig: deps.algoConfig,
    repository,
    workers,
    tasks: deps.tasks,
    testers: {
      comfyui: comfyUiTester(workflowNodes()),
      openai: openAiTester,
      replicate: deps.testers?.replicate ?? replicateTester,
      fal: deps.testers?.fal ?? falTester,
    },
    sampleFor: (taskType: TaskType) => deps.sampleFor(taskType),
    storeSampleImage: async (userId) => {
      sample ??= renderSampleImage();
      return deps.storeUpload(userId, await sample, 'image/png');
    },
    storeSampleMask: async (userId) => {
      sampleMask ??= renderSampleMask();
      return deps.storeUpload(userId, await sampleMask, 'image/png');
    },
    submitSample: deps.submitSample,
    clock: deps.clock,
  });
  return {
    connections,
    workers,
    service,
    async close() {
      const outcome = await workers
        .close()
        .catch((err: unknown) => deps.log(err, 'writing the workers registry failed'));
      if (outcome === 'left') {
        deps.log(new Error('the write did not end in time'), 'workers registry left unwritten');
      }
    },
  };
}
