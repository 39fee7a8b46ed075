import { createLocalEngine } from '@lumen/engines/local/local-engine';
import { createMlHandlers } from '@lumen/engines/ml/ml-handlers';
import { createComfyUiEngine } from '@lumen/engines/comfyui/comfyui-engine';
import { createWorkerRunner, type WorkerRunner } from '@lumen/worker/runner';
import type { TestApp } from './test-app';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** The embedded worker of `npm start`, run against a test app. */
export function startTestWorker(t: TestApp, opts: { comfyuiUrl?: string } = {}): WorkerRunner {
  const engines = [
    createLocalEngine({ handlers: createMlHandlers() }),
    ...(opts.comfyuiUrl
      ? [createComfyUiEngine({ baseUrl: opts.comfyuiUrl, timeoutMs: 2000 })]
      : []),
  ];
  const runner = createWorkerRunner({
    api: t.app.services.workerApi,
    engines,
    workerId: `test-${process.pid}`,
    idleMs: 50,
    logger: quiet,
  });
  runner.start();
  return runner;
}
