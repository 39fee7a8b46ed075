import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as tfNamespace from '@tensorflow/tfjs';

/** The TensorFlow.js namespace, handed out once the wasm backend is running. */
export type Tf = typeof tfNamespace;

const require = createRequire(import.meta.url);
const WASM_FILE = 'tfjs-backend-wasm.wasm';

let runtime: Promise<Tf> | undefined;

/**
 * Starts TensorFlow.js on its wasm backend, once per process. `@tensorflow/tfjs-node` cannot
 * be installed here (it downloads libtensorflow) and the pure-JS backend is ~30× slower, so
 * wasm is the only usable choice. The import is lazy because tfjs alone costs ~1 s of start-up
 * that a process which never runs a TensorFlow.js model should not pay.
 */
export function loadTf(): Promise<Tf> {
  runtime ??= startWasm().catch((error: unknown) => {
    // Forget the failure so a later call retries instead of replaying a stale rejection.
    runtime = undefined;
    throw error;
  });
  return runtime;
}

async function startWasm(): Promise<Tf> {
  const wasmDir = wasmDirectory();
  const tf = await import('@tensorflow/tfjs');
  const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  // A trailing slash makes this a prefix for all three binaries (plain, SIMD, threaded SIMD),
  // read from disk: the default would fetch them from a CDN, which production cannot reach.
  setWasmPaths(`${wasmDir}/`);

  // Viewed as a plain emitter: process's typed overloads do not accept a union of event names.
  const emitter: NodeJS.EventEmitter = process;
  const watched = ['uncaughtException', 'unhandledRejection'];
  const before = new Map(watched.map((event) => [event, emitter.listeners(event)]));
  let started: boolean;
  try {
    started = await tf.setBackend('wasm');
  } finally {
    // The Emscripten glue registers process handlers that rethrow every uncaught exception and
    // unhandled rejection, which would override the host's own crash policy and logging.
    for (const event of watched) {
      const known = before.get(event) ?? [];
      for (const listener of emitter.listeners(event)) {
        if (!known.includes(listener)) emitter.removeListener(event, listener as () => void);
      }
    }
  }
  // setBackend reports failure as `false` (after a console warning), never by throwing.
  if (!started || tf.getBackend() !== 'wasm') {
    throw new Error(
      `TensorFlow.js could not start its wasm backend from ${wasmDir}; ` +
        'see the warning printed above for the cause',
    );
  }
  await tf.ready();
  return tf;
}

function wasmDirectory(): string {
  let dir: string;
  try {
    dir = dirname(require.resolve(`@tensorflow/tfjs-backend-wasm/dist/${WASM_FILE}`));
  } catch (error) {
    throw new Error('@tensorflow/tfjs-backend-wasm is not installed next to @lumen/engines', {
      cause: error,
    });
  }
  if (!existsSync(join(dir, WASM_FILE))) {
    throw new Error(`The tfjs wasm binaries are missing from ${dir}`);
  }
  return dir;
}

/**
 * A Layers model's artifacts from its model.json and weight shards (in manifest order), for
 * models that ship inside npm packages: they load from disk or JS bundles, never over HTTP.
 */
export function toModelArtifacts(
  modelJson: tfNamespace.io.ModelJSON,
  shards: Uint8Array[],
): tfNamespace.io.ModelArtifacts {
  const total = shards.reduce((sum, shard) => sum + shard.byteLength, 0);
  const weightData = new Uint8Array(total);
  let offset = 0;
  for (const shard of shards) {
    weightData.set(shard, offset);
    offset += shard.byteLength;
  }
  return {
    modelTopology: modelJson.modelTopology,
    format: modelJson.format,
    weightSpecs: modelJson.weightsManifest.flatMap((group) => group.weights),
    weightData: weightData.buffer,
  };
}
