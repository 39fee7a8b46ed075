/**
 * Times the CPU voices and video tools B on this machine:
 *   node --import tsx bench/engines/voice-video.ts [--runs 3]
 * Speech: about 5 s of text per language. Lip sync: a 5 s 512² clip of a portrait with 5 s of
 * speech. Magic brush: 5 s at 720p (1280×720), two brushed areas. Elements: 5 s at 720p from
 * three references. The first run of each row (model loads, WebAssembly compiles, JIT) is a
 * warm-up and is not counted.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineSettingsSchema } from '@lumen/contracts/generation';
import { defaultFfmpegPath } from '@lumen/engines/local/ffmpeg-encoder';
import { renderPreviewImage } from '@lumen/engines/local/preview-image';
import { speak } from '@lumen/engines/local/speech/speak';
import { elementsVideo } from '@lumen/engines/local/video-tools-b/elements';
import { lipSync } from '@lumen/engines/local/video-tools-b/lip-sync';
import { motionBrush } from '@lumen/engines/local/video-tools-b/motion-brush';
import { readPortraitPhoto } from '@lumen/engines/ml/face-test-support';
import sharp from 'sharp';

type Row = { name: string; run: () => Promise<unknown> };

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

const texts = {
  'en-f-1':
    'The morning train was late again, so we walked along the river and talked about the summer.',
  'zh-f-1': '早上的火车又晚点了，我们就沿着河边散步，聊起了今年夏天的计划。',
  'ja-f-1': 'けさのでんしゃはまたおくれたので、かわぞいをあるきながら、なつのはなしをしました。',
  'es-f-1':
    'El tren de la mañana llegó tarde otra vez, así que caminamos junto al río hablando del verano.',
};

/** A 5 s square clip of the portrait's face, slowly zooming, as users upload for lip sync. */
function portraitClip(picture: Buffer): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-bench-'));
  try {
    writeFileSync(join(dir, 'face.jpg'), picture);
    const run = spawnSync(defaultFfmpegPath(), [
      ...['-v', 'error', '-loop', '1', '-i', join(dir, 'face.jpg'), '-t', '5'],
      ...['-vf', 'crop=500:500:0:100,scale=512:512,fps=25', '-c:v', 'libx264'],
      ...['-pix_fmt', 'yuv420p', join(dir, 'clip.mp4')],
    ]);
    if (run.status !== 0) throw new Error(run.stderr.toString());
    return readFileSync(join(dir, 'clip.mp4'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const svgPng = (w: number, h: number, body: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`),
  )
    .png()
    .toBuffer();

const settings = engineSettingsSchema.parse({
  prompt: 'a sailing boat on a calm lake, hills',
  seed: 4,
});
const landscape = (await renderPreviewImage({ ...settings, ratio: '16:9', size: 1280 }, 4)).bytes;
const black = '<rect width="100%" height="100%" fill="#000"/>';
const brushes = [
  {
    mask: await svgPng(
      1280,
      720,
      `${black}<ellipse cx="420" cy="470" rx="160" ry="110" fill="#fff"/>`,
    ),
    track: [
      [0.33, 0.65],
      [0.5, 0.6],
      [0.7, 0.66],
    ] as [number, number][],
  },
  {
    mask: await svgPng(1280, 720, `${black}<circle cx="1000" cy="160" r="90" fill="#fff"/>`),
    track: [
      [0.78, 0.22],
      [0.72, 0.12],
    ] as [number, number][],
  },
];
const portrait = await readPortraitPhoto();
const clip = portraitClip(portrait);
const speech = (await speak(texts['en-f-1'], 'en-f-1')).wav;
const references = await Promise.all(
  ['#1f6fd0', '#f0c020', '#20a040'].map((fill) =>
    svgPng(
      600,
      800,
      `<rect width="100%" height="100%" fill="#ddd"/><ellipse cx="300" cy="450" rx="180" ry="300" fill="${fill}"/>`,
    ),
  ),
);

const rows: Row[] = [
  ...Object.entries(texts).map(([voice, text]) => ({
    name: `speak ${voice} (~5 s of speech)`,
    run: () => speak(text, voice),
  })),
  {
    name: 'lip sync, 5 s 512² clip + 5 s speech',
    run: () => lipSync({ face: { video: clip }, audio: speech }),
  },
  {
    name: 'lip sync, 500×640 portrait + 5 s speech',
    run: () => lipSync({ face: { image: portrait }, audio: speech }),
  },
  {
    name: 'magic brush, 5 s 720p, 2 areas',
    run: () => motionBrush(landscape, brushes, { durationS: 5, fps: 24 }),
  },
  {
    name: 'elements, 5 s 720p, 3 references',
    run: () =>
      elementsVideo(references, 'three friends on a beach', {
        seed: 2,
        durationS: 5,
        width: 1280,
        height: 720,
      }),
  },
];

const results: Array<{ name: string; median: number; min: number; note: string }> = [];
for (const row of rows) {
  const warm = (await row.run()) as { durationS?: number };
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await row.run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  results.push({
    name: row.name,
    median: times[Math.floor(times.length / 2)] ?? 0,
    min: times[0] ?? 0,
    note: warm.durationS ? `${warm.durationS.toFixed(2)} s out` : '',
  });
}

const width = Math.max(...results.map((r) => r.name.length));
console.log(
  `voices and video tools on the CPU, ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg()[0]?.toFixed(2)}, ${runs} runs`,
);
console.log(`${'task'.padEnd(width)}  median ms    min ms  output`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(width)}  ${r.median.toFixed(0).padStart(9)}  ${r.min.toFixed(0).padStart(8)}  ${r.note}`,
  );
}
