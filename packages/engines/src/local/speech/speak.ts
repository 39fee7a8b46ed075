import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { VoiceId } from '@lumen/contracts/voices';
import { SPEECH_TEXT_MAX_LENGTH } from '@lumen/contracts/tools/mouth-speech';
import { EditInputError } from '../edit/edit-input-error';
import { espeakVoices, findPresetVoice, greetingOf } from './voices';

const require = createRequire(import.meta.url);

export type Speech = { wav: Buffer; durationS: number };

/** The parts of the Emscripten module the synthesiser is driven through. */
type EspeakModule = {
  FS: { writeFile(path: string, data: string): void; readFile(path: string): Uint8Array };
};
type EspeakFactory = (options: {
  arguments: string[];
  preRun: Array<(module: EspeakModule) => void>;
  print: (line: string) => void;
  printErr: (line: string) => void;
  instantiateWasm: (imports: object, done: (instance: object, module: object) => void) => object;
}) => Promise<EspeakModule>;

/**
 * The two WebAssembly calls made here. Node has them as globals, but this package compiles
 * without the DOM library that declares their types.
 */
type WasmApi = {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
};
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

type Synthesiser = { factory: EspeakFactory; wasm: object };

let synthesiser: Promise<Synthesiser> | undefined;

/**
 * eSpeak NG compiled to WebAssembly, its voice data inside the 18 MB binary. The build is a
 * command line program whose `main` runs once per instance, so each utterance gets a fresh
 * instance; what is kept for the process is the compiled module (about 0.5 s to compile),
 * so an utterance costs only the instantiation and the synthesis.
 */
function loadSynthesiser(): Promise<Synthesiser> {
  synthesiser ??= (async () => {
    const entry = require.resolve('espeak-ng');
    // Imported by path: the package is an ES module without type declarations.
    const { default: factory } = (await import(pathToFileURL(entry).href)) as {
      default: EspeakFactory;
    };
    const wasm = await wasmApi.compile(await readFile(entry.replace(/\.js$/, '.wasm')));
    return { factory, wasm };
  })().catch((error: unknown) => {
    synthesiser = undefined;
    throw new Error('Could not load the speech synthesiser (espeak-ng)', { cause: error });
  });
  return synthesiser;
}

/** Sample rate and 16-bit mono samples of the WAV eSpeak NG writes, read by its chunks. */
function wavDuration(wav: Buffer): number {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF') return 0;
  let rate = 0;
  let blockAlign = 0;
  for (let at = 12; at + 8 <= wav.length;) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      rate = wav.readUInt32LE(at + 12);
      blockAlign = wav.readUInt16LE(at + 20);
    } else if (id === 'data') {
      // A stream written without seeking back leaves the size unset; the rest of the file is data.
      const bytes = Math.min(size, wav.length - at - 8);
      return rate && blockAlign ? bytes / blockAlign / rate : 0;
    }
    at += 8 + size + (size % 2);
  }
  return 0;
}

/**
 * Speaks a text in one of the preset voices (see voices.ts) and returns a 22.05 kHz mono WAV.
 * An unknown voice, or a text with nothing to say, is the caller's mistake (EditInputError).
 */
export async function speak(text: string, voiceId: string): Promise<Speech> {
  const said = text.trim();
  if (!said) throw new EditInputError('empty_text', 'There is no text to speak');
  if (said.length > SPEECH_TEXT_MAX_LENGTH) {
    throw new EditInputError(
      'empty_text',
      `The text is longer than ${SPEECH_TEXT_MAX_LENGTH} characters`,
    );
  }
  const preset = findPresetVoice(voiceId);
  if (!preset) throw new EditInputError('unknown_voice', `There is no preset voice '${voiceId}'`);
  const voice = espeakVoices[preset.id];
  const { factory, wasm } = await loadSynthesiser();
  const errors: string[] = [];
  // The text goes through a file rather than the argument list, where a leading '-' would
  // read as an option.
  const module = await factory({
    arguments: [
      ...['-b', '1', '-v', `${voice.voice}+${voice.variant}`],
      ...['-s', String(voice.rate), '-p', String(voice.pitch)],
      ...['-f', 'in.txt', '-w', 'out.wav'],
    ],
    preRun: [(m) => m.FS.writeFile('in.txt', said)],
    print: () => undefined,
    printErr: (line) => errors.push(line),
    instantiateWasm: (imports, done) => {
      void wasmApi.instantiate(wasm, imports).then((instance) => done(instance, wasm));
      return {};
    },
  });
  let wav: Buffer;
  try {
    wav = Buffer.from(module.FS.readFile('out.wav'));
  } catch (error) {
    throw new Error(`eSpeak NG wrote no sound: ${errors.join(' ').slice(0, 500)}`, {
      cause: error,
    });
  }
  const durationS = wavDuration(wav);
  if (durationS <= 0) throw new Error('eSpeak NG wrote an empty sound');
  return { wav, durationS };
}

const samples = new Map<VoiceId, Promise<Speech>>();

/** A short greeting in the voice, made once per process and then answered from memory. */
export function voiceSample(voiceId: string): Promise<Speech> {
  const preset = findPresetVoice(voiceId);
  if (!preset) {
    return Promise.reject(
      new EditInputError('unknown_voice', `There is no preset voice '${voiceId}'`),
    );
  }
  let sample = samples.get(preset.id);
  if (!sample) {
    sample = speak(greetingOf(preset), preset.id);
    samples.set(preset.id, sample);
    sample.catch(() => samples.delete(preset.id));
  }
  return sample;
}
