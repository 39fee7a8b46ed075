import type { Engine } from '@lumen/engines/engine';
import { createComfyUiEngine } from '@lumen/engines/comfyui/comfyui-engine';
import { createLocalEngine } from '@lumen/engines/local/local-engine';
import { createMlHandlers } from '@lumen/engines/ml/ml-handlers';
import { createOpenAiEngine } from '@lumen/engines/openai/openai-engine';
import type { EngineName } from '@lumen/contracts/task-types';

export type EngineSettings = {
  /** Which engines this worker offers; the local engine needs nothing else. */
  enabled: readonly EngineName[];
  comfyuiUrl?: string | undefined;
  openai?: { baseUrl: string; apiKey: string; imageModel: string; chatModel: string } | undefined;
};

/**
 * The engines a worker runs. An engine named but not configured is left out with a reason,
 * so a worker never claims tasks it cannot run.
 */
export function createEngines(settings: EngineSettings, workerId: string) {
  const engines: Engine[] = [];
  const skipped: string[] = [];
  for (const name of settings.enabled) {
    if (name === 'local') engines.push(createLocalEngine({ handlers: createMlHandlers() }));
    else if (name === 'comfyui') {
      if (settings.comfyuiUrl) {
        engines.push(
          createComfyUiEngine({ baseUrl: settings.comfyuiUrl, clientId: `lumen-${workerId}` }),
        );
      } else skipped.push('comfyui: COMFYUI_URL is not set');
    } else if (name === 'openai') {
      if (settings.openai) engines.push(createOpenAiEngine(settings.openai));
      else skipped.push('openai: OPENAI_BASE_URL and OPENAI_API_KEY are not set');
    }
  }
  return { engines, skipped };
}
