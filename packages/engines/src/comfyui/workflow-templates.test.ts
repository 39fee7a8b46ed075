import type { TaskType } from '@lumen/contracts/task-types';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createPng } from './fake-png';
import { checkPrompt } from './fake-comfyui-validation';
import { readImageInfo } from './image-size';
import type { WorkflowGraph } from './comfyui-schemas';
import {
  applyRoute,
  createWorkflowLoader,
  fillWorkflow,
  workflowTemplates,
} from './workflow-templates';
import {
  buildWorkflowValues,
  imageDimensions,
  videoDimensions,
  videoFrameCount,
} from './workflow-values';
import { makeTask } from './test-support';

const saveNodes = new Set(['SaveImage', 'VHS_VideoCombine', 'SaveGLB', 'SaveVideo']);
const loadWorkflow = createWorkflowLoader();

describe('workflow templates', () => {
  type Template = NonNullable<(typeof workflowTemplates)[TaskType]>;
  // Each graph a task type may run: its own, and its picture variant (a portrait to lip-sync).
  const entries = (Object.entries(workflowTemplates) as Array<[TaskType, Template]>).flatMap(
    ([type, template]): Array<[string, TaskType, Template]> => [
      [template.file, type, template],
      ...(template.withPicture
        ? [[template.withPicture.file, type, template.withPicture] as [string, TaskType, Template]]
        : []),
    ],
  );
  const facts = { width: 1280, height: 720, fps: 24, frames: 120, durationS: 5, hasAudio: true };

  it.each(entries)(
    '%s fills completely into a connected graph with a save node',
    async (_file, type, template) => {
      const outpaint = { left: 64, right: 64, top: 0, bottom: 0 };
      const task = makeTask(type, type === 'outpaint' ? { outpaint } : {});
      const imageNames = ['first.png', 'last.png', 'third.png'].slice(
        0,
        template.maxImages ?? template.inputImages,
      );
      const values = buildWorkflowValues(task.settings, {
        media: template.media,
        taskId: task.id,
        imageNames,
        imageSize: { width: 640, height: 480 },
        maskName: template.inputMask ? 'mask.png' : undefined,
        clip: template.inputVideo ? { name: 'clip.mp4', facts } : undefined,
        voice: template.inputAudio
          ? { name: 'voice.wav', facts: { ...facts, width: 0, height: 0, fps: 0, frames: 0 } }
          : undefined,
        tracks: template.tracks ? JSON.stringify([[{ x: 1, y: 2 }]]) : undefined,
      });

      const graph = fillWorkflow(await loadWorkflow(template.file), values);

      // What ComfyUI itself checks: every class exists, required inputs are there, each link
      // carries the type its input takes, and combo values are among the choices.
      expect(checkPrompt(graph, undefined)).toEqual({ ok: true, prompt: graph });
      const masks = Object.values(graph).filter((n) => n.class_type === 'LoadImageMask');
      expect(masks.map((n) => n.inputs.image)).toEqual(template.inputMask ? ['mask.png'] : []);

      expect(JSON.stringify(graph)).not.toContain('{{');
      for (const node of Object.values(graph)) {
        for (const value of Object.values(node.inputs)) {
          if (Array.isArray(value))
            expect(graph[String(value[0])], JSON.stringify(value)).toBeDefined();
        }
      }
      const loads = Object.values(graph).filter((n) => n.class_type === 'LoadImage');
      const loaded = loads.map((n) => n.inputs.image);
      // A graph with numbered slots repeats the pictures it was given to fill them all.
      if (template.maxImages) expect(new Set(loaded)).toEqual(new Set(imageNames));
      else expect(loaded).toEqual(imageNames);
      const files = Object.values(graph).flatMap((n) =>
        ['LoadVideo', 'VHS_LoadVideo', 'LoadAudio'].includes(n.class_type)
          ? [n.inputs.file ?? n.inputs.video ?? n.inputs.audio]
          : [],
      );
      expect(files).toEqual([
        ...(template.inputVideo ? ['clip.mp4'] : []),
        ...(template.inputAudio ? ['voice.wav'] : []),
      ]);
      expect(Object.values(graph).some((n) => saveNodes.has(n.class_type))).toBe(true);
    },
  );

  it('scales the upscaler’s 4× result to the exact size of the choice (0×0 keeps it)', async () => {
    const task = makeTask('upscale');
    const fill = async (upscale?: (typeof task.settings)['upscale']) => {
      const values = buildWorkflowValues(
        { ...task.settings, upscale },
        { media: 'image', taskId: task.id, imageNames: ['in.png'] },
      );
      const graph = fillWorkflow(await loadWorkflow('upscale.json'), values);
      const scale = Object.values(graph).find((n) => n.class_type === 'ImageScale');
      const save = Object.values(graph).find((n) => n.class_type === 'SaveImage');
      expect(save?.inputs.images).toEqual(['5', 0]);
      return [scale?.inputs.width, scale?.inputs.height];
    };
    expect(await fill({ scale: '4k', width: 3840, height: 2160 })).toEqual([3840, 2160]);
    expect(await fill({ scale: 2, width: 1024, height: 768 })).toEqual([1024, 768]);
    expect(await fill(undefined)).toEqual([0, 0]);
  });

  it('keeps a whole placeholder’s type and interpolates placeholders inside text', () => {
    const graph = {
      '1': {
        class_type: 'KSampler',
        inputs: { seed: '{{seed}}', note: 'seed {{seed}} of {{prompt}}' },
      },
    };
    expect(fillWorkflow(graph, { seed: 7, prompt: 'fox' })['1']?.inputs).toEqual({
      seed: 7,
      note: 'seed 7 of fox',
    });
  });

  it('refuses a template that asks for a value it was not given', () => {
    const graph = { '1': { class_type: 'LoadImage', inputs: { image: '{{image_end}}' } } };
    expect(() => fillWorkflow(graph, {})).toThrow(/not given: image_end/);
  });
});

describe('the fake server’s validation of a graph', () => {
  const errorsOf = (graph: WorkflowGraph, uploaded: string[] = ['first.png', 'mask.png']) => {
    const check = checkPrompt(graph, undefined, (name) => uploaded.includes(name));
    if (check.ok) return [];
    const nodes = (check.body.node_errors ?? {}) as Record<
      string,
      { errors: Array<{ type: string }> }
    >;
    const listed = Object.values(nodes).flatMap((n) => n.errors.map((e) => e.type));
    return listed.length > 0 ? listed : [String(check.body.error.type)];
  };
  const inpaint = async () => {
    const values = buildWorkflowValues(makeTask('inpaint').settings, {
      media: 'image',
      taskId: 't',
      imageNames: ['first.png'],
      imageSize: { width: 640, height: 480 },
      maskName: 'mask.png',
    });
    return fillWorkflow(await loadWorkflow('inpaint.json'), values);
  };
  const idOf = (graph: WorkflowGraph, classType: string) =>
    Object.entries(graph).find(([, n]) => n.class_type === classType)![0];

  it('takes the repaint graph as it is', async () => {
    expect(errorsOf(await inpaint())).toEqual([]);
  });

  it('catches a link of the wrong type, a missing input, a bad choice and a file never uploaded', async () => {
    const graph = await inpaint();
    const conditioning = graph[idOf(graph, 'InpaintModelConditioning')]!;
    conditioning.inputs.mask = [idOf(graph, 'LoadImage'), 0];
    delete conditioning.inputs.noise_mask;
    graph[idOf(graph, 'LoadImageMask')]!.inputs.channel = 'white';
    expect(errorsOf(graph, ['first.png']).sort()).toEqual([
      'custom_validation_failed',
      'required_input_missing',
      'return_type_mismatch',
      'value_not_in_list',
    ]);
  });

  it('refuses magic-brush tracks that WanTrackToVideo would run without motion', async () => {
    const values = buildWorkflowValues(makeTask('video_motion_brush').settings, {
      media: 'video',
      taskId: 't',
      imageNames: ['first.png'],
      tracks: JSON.stringify([[{ x: 10, y: 20 }]]),
    });
    const graph = fillWorkflow(await loadWorkflow('motion-brush.json'), values);
    expect(errorsOf(graph)).toEqual([]);
    for (const tracks of ['[]', '[[{"x": 1}]]', 'not json']) {
      graph[idOf(graph, 'WanTrackToVideo')]!.inputs.tracks = tracks;
      expect(errorsOf(graph)).toEqual(['custom_validation_failed']);
    }
  });

  it('refuses a class the server does not have', async () => {
    const graph = await inpaint();
    graph[idOf(graph, 'GrowMask')]!.class_type = 'GrowMaskPlus';
    expect(errorsOf(graph)).toEqual(['invalid_prompt']);
  });
});

describe('an admin’s route on a workflow', () => {
  it('puts the route’s model in the model loader and sets fixed inputs by node id', async () => {
    const graph = await loadWorkflow('txt2img.json');
    const [loaderId] = Object.entries(graph).find(([, n]) => n.class_type === 'UNETLoader')!;
    const [samplerId] = Object.entries(graph).find(([, n]) => n.class_type === 'KSampler')!;
    const routed = applyRoute(graph, {
      model: 'flux1-schnell.safetensors',
      input: { [`${samplerId}.cfg`]: 1.5 },
    });
    expect(routed[loaderId]?.inputs.unet_name).toBe('flux1-schnell.safetensors');
    expect(routed[samplerId]?.inputs.cfg).toBe(1.5);
    // The template itself is left as it was.
    expect(graph[loaderId]?.inputs.unet_name).toBe('flux1-dev.safetensors');
    expect(applyRoute(graph, undefined)).toBe(graph);
  });

  it('refuses a fixed input that names no node of the workflow', async () => {
    const graph = await loadWorkflow('txt2img.json');
    expect(() => applyRoute(graph, { input: { '999.steps': 4 } })).toThrow(/names no node/);
    expect(() => applyRoute(graph, { input: { steps: 4 } })).toThrow(/names no node/);
  });
});

describe('workflow values', () => {
  it.each([
    ['1:1', 1024, 1024, 1024],
    ['16:9', 1024, 1024, 576],
    ['9:16', 1024, 576, 1024],
    ['2:3', 1024, 688, 1024],
    ['21:9', 1536, 1536, 656],
  ])('image %s at %i px is %ix%i (sides divisible by 16)', (ratio, size, width, height) => {
    expect(imageDimensions(ratio, size)).toEqual({ width, height });
  });

  it.each([
    ['16:9', '720p', 1280, 720],
    ['9:16', '720p', 720, 1280],
    ['1:1', '1080p', 1088, 1088],
    ['4:3', '360p', 480, 368],
  ] as const)('video %s at %s is %ix%i', (ratio, resolution, width, height) => {
    expect(videoDimensions(ratio, resolution)).toEqual({ width, height });
  });

  it.each([
    [5, 24, 121],
    [5, 16, 81],
    [1, 8, 9],
    [10, 30, 301],
  ])('%i s at %i fps is %i frames (4k + 1)', (durationS, fps, frames) => {
    expect(videoFrameCount(durationS, fps)).toBe(frames);
  });

  it('uses more steps for the professional model', () => {
    const { settings } = makeTask('txt2img', { model: 'professional' });
    expect(
      buildWorkflowValues(settings, { media: 'image', taskId: 't', imageNames: [] }).steps,
    ).toBe(30);
  });

  it('tells a template whether the user asked for a sound effect', () => {
    const values = (soundEffect: boolean) =>
      buildWorkflowValues(makeTask('video_diffusion', { soundEffect }).settings, {
        media: 'video',
        taskId: 't',
        imageNames: [],
      }).sound_effect;
    expect([values(true), values(false)]).toEqual([1, 0]);
  });
});

describe('readImageInfo', () => {
  it('reads PNG, JPEG and WebP sizes from the header', async () => {
    const base = sharp({ create: { width: 37, height: 21, channels: 3, background: '#884422' } });
    expect(readImageInfo(createPng(300, 200))).toEqual({
      mime: 'image/png',
      width: 300,
      height: 200,
    });
    expect(readImageInfo(await base.clone().jpeg().toBuffer())).toEqual({
      mime: 'image/jpeg',
      width: 37,
      height: 21,
    });
    expect(readImageInfo(await base.clone().webp().toBuffer())).toEqual({
      mime: 'image/webp',
      width: 37,
      height: 21,
    });
    expect(readImageInfo(await base.clone().webp({ lossless: true }).toBuffer())).toEqual({
      mime: 'image/webp',
      width: 37,
      height: 21,
    });
    const alpha = sharp({ create: { width: 5, height: 9, channels: 4, background: '#00000080' } });
    expect(readImageInfo(await alpha.webp().toBuffer())).toMatchObject({ width: 5, height: 9 });
    expect(readImageInfo(Buffer.from('not an image'))).toBeUndefined();
  });
});
