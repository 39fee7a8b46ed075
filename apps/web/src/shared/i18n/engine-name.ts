import type { TFunction } from 'i18next';

/** Product names are the same in every language; the others are descriptions, translated. */
const productNames: Record<string, string> = {
  comfyui: 'ComfyUI',
  replicate: 'Replicate',
  fal: 'fal',
};

/** An engine's name, for the admin pages and for what made a work (the library's detail). */
export function engineLabel(t: TFunction, engine: string): string {
  return productNames[engine] ?? t(`admin.engines.names.${engine}`, { defaultValue: engine });
}

/** Example values shown in empty connection fields (addresses and model ids, not prose). */
export const connectionExamples: Record<string, string> = {
  url: 'http://gpu-host:8188',
  baseUrl: 'https://…',
  queueUrl: 'https://queue.fal.run',
  imageModel: 'gpt-image-1',
  chatModel: 'gpt-4o-mini',
};
