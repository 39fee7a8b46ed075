import type { EngineOutput } from '@lumen/engines/engine';
import sharp from 'sharp';

/** What the queue benchmarks' no-op engine gives: one 8×8 PNG, stored like any output. */
export async function createNoopOutput(): Promise<EngineOutput> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#345' } })
    .png()
    .toBuffer();
  return { kind: 'image', mime: 'image/png', bytes: png, width: 8, height: 8, seed: 1 };
}
