import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  aspectRatios,
  engineSettingsSchema,
  videoResolutions,
  type EngineSettings,
} from '@lumen/contracts/generation';
import { taskTypes } from '@lumen/contracts/task-types';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { fourKFactor } from './fal-families';
import type { ResolvedInputs } from './input-media';
import {
  hasHostedModel,
  modelApiDefaults,
  type HostedTaskType,
  planModel,
  type ModelApiProvider,
} from './model-table';

type Fixture = { provider: ModelApiProvider; model: string; source: string; input: object };

const schemaDir = join(import.meta.dirname, 'schemas');
const fixtures: Fixture[] = readdirSync(schemaDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(schemaDir, name), 'utf8')) as Fixture);
// Replicate's schemas carry `x-order` and the like; formats are not what this test checks.
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });

/** The media each task type arrives with (the gateway's input rules), as URLs. */
const mediaOf: Record<HostedTaskType, ResolvedInputs> = (() => {
  const url = (name: string) => `https://lumen.example/media/${name}`;
  const none: ResolvedInputs = { images: [], videos: [], audios: [], masks: [] };
  const oneImage = { ...none, images: [url('in.png')] };
  const masked = { ...oneImage, masks: [url('mask.png')], imageSize: { width: 1200, height: 800 } };
  return {
    txt2img: none,
    img2img: oneImage,
    image_edit: oneImage,
    inpaint: masked,
    erase: masked,
    outpaint: { ...oneImage, imageSize: { width: 1200, height: 800 } },
    upscale: oneImage,
    remove_bg: oneImage,
    video_diffusion: none,
    video_diffusion_img2vid: oneImage,
    video_diffusion_keyframes: { ...none, images: [url('first.png'), url('last.png')] },
    // The engine sends the clip's last frame, as a picture.
    video_extend: oneImage,
    video_diffusion_multi_img2vid: { ...none, images: [url('a.png'), url('b.png'), url('c.png')] },
    video_diffusion_audio_animate: { ...oneImage, audios: [url('voice.mp3')] },
    mouth_speech: { ...none, videos: [url('face.mp4')], audios: [url('voice.mp3')] },
    video_creative_upscaler: {
      ...none,
      videos: [url('clip.mp4')],
      videoSize: { width: 1280, height: 720 },
    },
    video_stylize: { ...none, videos: [url('clip.mp4')] },
    // One brushed area: its mask, and the picture's size for the track's pixels.
    video_motion_brush: masked,
    text_to_3d: none,
    image_to_3d: oneImage,
    // A character's references, then its reference sheet (what the gateway adds).
    character_image: {
      ...none,
      images: [
        url('ref-1.jpg'),
        url('ref-2.jpg'),
        url('ref-3.jpg'),
        url('ref-4.jpg'),
        url('sheet.png'),
      ],
    },
    character_video: {
      ...none,
      images: [
        url('ref-1.jpg'),
        url('ref-2.jpg'),
        url('ref-3.jpg'),
        url('ref-4.jpg'),
        url('sheet.png'),
      ],
    },
    // The engine sends a studio's model only the pictures it draws from: none for a logo, a
    // tattoo's reference (its own tests cover the reference model).
    logo: none,
    tattoo: none,
    portrait: oneImage,
    try_on: { ...none, images: [url('person.jpg'), url('garment.jpg')] },
    product_shot: oneImage,
    product_on_model: oneImage,
    image_translate: oneImage,
  };
})();

/** One area brushed on the left, dragged to the right along a long, wavy track. */
const brushed: NonNullable<EngineSettings['motionBrush']> = {
  areas: [
    {
      color: '#ff0000',
      track: Array.from({ length: 200 }, (_, i) => [
        0.1 + (0.8 * i) / 199,
        0.5 + 0.1 * Math.sin(i / 10),
      ]) as [number, number][],
    },
  ],
};

/** Settings at the edges of what the gateway lets through, so every clamp and enum is exercised. */
function settingsVariants(): EngineSettings[] {
  const base = { prompt: 'a lighthouse at dusk', seed: 2 ** 32 - 1 };
  const variants: Array<Partial<EngineSettings>> = [
    {},
    { negativePrompt: 'blurry, text', strength: 0, motionStrength: 1, count: 8 },
    { strength: 1, motionStrength: 0, size: 2048, seed: 0 },
    { prompt: '' },
    { upscale: { scale: 2, width: 2048, height: 1536 } },
    { upscale: { scale: 4, width: 4096, height: 4096 } },
    { upscale: { scale: '4k', width: 3840, height: 2160 } },
    { background: { kind: 'colour', colour: '#00ff00' } },
    { style: 'oil_painting', negativePrompt: 'blurry' },
    { tryOn: { category: 'outerwear' } },
    { tryOn: { category: 'dress' }, prompt: '' },
  ];
  for (const ratio of aspectRatios) variants.push({ ratio, size: 256 });
  for (const resolution of videoResolutions) {
    for (const durationS of [1, 5, 10, 30]) {
      for (const fps of [8, 24, 60]) variants.push({ resolution, durationS, fps });
    }
  }
  return variants.map((variant) => engineSettingsSchema.parse({ ...base, ...variant }));
}

const providers: ModelApiProvider[] = ['replicate', 'fal'];

describe('enhance on the hosted upscalers', () => {
  it('asks the model for 2× or 4× as chosen (4K is 4×, resized after)', () => {
    const scaleOf = (provider: ModelApiProvider, upscale?: EngineSettings['upscale']) => {
      const settings = engineSettingsSchema.parse({ prompt: '', seed: 1, upscale });
      const input = planModel(provider, 'upscale', undefined).input({
        taskType: 'upscale',
        settings,
        media: mediaOf.upscale,
        count: 1,
        seed: 1,
      });
      return (input as { scale?: number }).scale;
    };
    for (const provider of providers) {
      expect(scaleOf(provider)).toBe(2);
      expect(scaleOf(provider, { scale: 2, width: 2, height: 2 })).toBe(2);
      expect(scaleOf(provider, { scale: 4, width: 4, height: 4 })).toBe(4);
      expect(scaleOf(provider, { scale: '4k', width: 3840, height: 3840 })).toBe(4);
    }
  });
});

describe('default model table', () => {
  it('has a row with both providers for every task type, and a schema for every default model', () => {
    for (const taskType of taskTypes.filter(hasHostedModel)) {
      for (const provider of providers) {
        const { model } = modelApiDefaults[taskType][provider];
        expect(
          fixtures.find((f) => f.provider === provider && f.model === model),
          `${provider} ${model}`,
        ).toBeDefined();
      }
    }
    for (const fixture of fixtures) expect(fixture.source).toMatch(/^https:\/\//);
  });

  describe.each(providers)('%s', (provider) => {
    it.each(taskTypes.filter(hasHostedModel))(
      'maps %s onto what its default model’s input schema takes',
      (taskType) => {
        const plan = planModel(provider, taskType, undefined);
        const fixture = fixtures.find((f) => f.provider === provider && f.model === plan.model);
        const validate = ajv.compile(fixture?.input ?? {});
        for (const variant of settingsVariants()) {
          // An expand always arrives with its planned sides (the gateway plans them).
          // A brush always arrives with its areas and tracks (the gateway checks them).
          const settings =
            taskType === 'outpaint'
              ? { ...variant, outpaint: { left: 0, right: 600, top: 100, bottom: 0 } }
              : taskType === 'video_motion_brush'
                ? { ...variant, motionBrush: brushed }
                : variant;
          const count = Math.min(settings.count, plan.maxPerCall);
          const input = plan.input({
            taskType,
            settings,
            media: mediaOf[taskType],
            count,
            seed: settings.seed,
          });
          const valid = validate(input);
          expect(valid ? [] : validate.errors, `${JSON.stringify(input)}`).toEqual([]);
        }
      },
    );
  });

  it('is the table docs/engines.md shows', () => {
    const docs = readFileSync(join(import.meta.dirname, '../../../../docs/engines.md'), 'utf8');
    const section = docs.split('### Default models and input mapping')[1] ?? '';
    for (const taskType of taskTypes.filter(hasHostedModel)) {
      const row = section.split('\n').find((line) => line.startsWith(`| \`${taskType}\``));
      expect(row, taskType).toBeDefined();
      expect(row).toContain(`\`${modelApiDefaults[taskType].replicate.model}\``);
      expect(row).toContain(`\`${modelApiDefaults[taskType].fal.model}\``);
    }
  });
});

describe('character tools', () => {
  it.each(providers)(
    'keep the person of the references on %s: first photo to Kontext, four to Kling, worded prompt',
    (provider) => {
      const settings = engineSettingsSchema.parse({ prompt: 'reading in a café', seed: 7 });
      const image = planModel(provider, 'character_image', undefined).input({
        taskType: 'character_image',
        settings,
        media: mediaOf.character_image,
        count: 1,
        seed: 7,
      });
      expect(image.prompt).toBe(
        'The same person as in the reference photos, keeping their face and identity: reading in a café',
      );
      expect(Object.values(image)).toContain('https://lumen.example/media/ref-1.jpg');
      const video = planModel(provider, 'character_video', undefined).input({
        taskType: 'character_video',
        settings: engineSettingsSchema.parse({ prompt: '', seed: 7 }),
        media: mediaOf.character_video,
        count: 1,
        seed: 7,
      });
      expect(video.prompt).toMatch(/^The same person .*: turning to the camera and smiling$/);
      const references = (video.reference_images ?? video.input_image_urls) as string[];
      expect(references).toHaveLength(4);
      expect(references).not.toContain('https://lumen.example/media/sheet.png');
    },
  );
});

describe('lip sync of a portrait', () => {
  it.each(providers)(
    'goes to the talking-head model on %s, whatever clip model an admin chose',
    (provider) => {
      const plan = planModel(
        provider,
        'mouth_speech',
        { model: 'someone/other-lipsync', input: { extra: 1 } },
        { portrait: true },
      );
      expect(plan.model).toBe(modelApiDefaults.video_diffusion_audio_animate[provider].model);
      const fixture = fixtures.find((f) => f.provider === provider && f.model === plan.model);
      const input = plan.input({
        taskType: 'mouth_speech',
        settings: engineSettingsSchema.parse({ prompt: '', seed: 1 }),
        media: {
          images: ['https://x/face.png'],
          videos: [],
          audios: ['https://x/voice.mp3'],
          masks: [],
        },
        count: 1,
        seed: 1,
      });
      // The admin's fixed inputs still apply; the schema check runs on the mapped part.
      expect(input).toMatchObject({ extra: 1 });
      const { extra: _extra, ...mapped } = input;
      const validate = ajv.compile(fixture?.input ?? {});
      expect(validate(mapped) ? [] : validate.errors).toEqual([]);
    },
  );
});

describe('4K enhancement on fal', () => {
  it('scales the long side to 3840 within the model’s 1–4', () => {
    expect(fourKFactor({ width: 1280, height: 720 })).toBe(3);
    expect(fourKFactor({ width: 720, height: 1920 })).toBe(2);
    expect(fourKFactor({ width: 640, height: 360 })).toBe(4);
    expect(fourKFactor(undefined)).toBe(2);
  });
});

describe('planModel', () => {
  const settings = engineSettingsSchema.parse({ prompt: 'a fox', seed: 7, ratio: '2:1', count: 3 });
  const media: ResolvedInputs = {
    images: ['https://x/in.png'],
    videos: [],
    audios: [],
    masks: [],
  };

  it('recognises an admin’s model of a known family and maps it the same way', () => {
    const plan = planModel('replicate', 'txt2img', { model: 'black-forest-labs/flux-dev' });
    expect(plan.family).toBe('flux-dev');
    expect(
      plan.input({
        taskType: 'txt2img',
        settings,
        media: { ...media, images: [] },
        count: 3,
        seed: 7,
      }),
    ).toEqual({
      prompt: 'a fox',
      aspect_ratio: '16:9',
      num_outputs: 3,
      seed: 7,
      output_format: 'png',
    });
  });

  it('sends the generic mapping to a model it does not know, with the fixed inputs on top', () => {
    const plan = planModel('fal', 'img2img', {
      model: 'someone/new-model',
      input: { steps: 12, seed: 1 },
    });
    expect(plan).toMatchObject({ model: 'someone/new-model', family: 'generic', maxPerCall: 1 });
    expect(plan.input({ taskType: 'img2img', settings, media, count: 1, seed: 7 })).toEqual({
      prompt: 'a fox',
      image_url: 'https://x/in.png',
      seed: 1,
      aspect_ratio: '2:1',
      steps: 12,
    });
  });

  it('keeps the default model when the route only adds inputs', () => {
    const plan = planModel('fal', 'txt2img', { input: { acceleration: 'high' } });
    expect(plan.model).toBe('fal-ai/flux/dev');
    expect(plan.input({ taskType: 'txt2img', settings, media, count: 1, seed: 7 })).toMatchObject({
      acceleration: 'high',
      num_images: 1,
    });
  });
});
