import { describe, expect, it } from 'vitest';
import { unitCosts } from './credits';
import { gatedFeatures } from './plans';
import { taskTypeSchema } from './task-types';
import { imageRulesOf, toolIds, toolOf, tools, toolsWhere } from './tools';

describe('tool definitions', () => {
  it('declares each task type under its own id, with a known cost and gate', () => {
    for (const id of toolIds) {
      const tool = tools[id];
      expect(tool.id).toBe(id);
      expect(taskTypeSchema.parse(id)).toBe(id);
      expect(Object.keys(unitCosts)).toContain(tool.cost);
      if ('gate' in tool) expect(gatedFeatures).toContain(tool.gate);
    }
  });

  it('gives the mask tools the mask panel and makes no other tool take a mask', () => {
    const masked = toolsWhere((t) => t.inputs.mask === 'required');
    expect([...masked].sort()).toEqual(['erase', 'inpaint']);
    for (const id of masked) expect(toolOf(id).ui.editor).toBe('mask');
  });

  it('takes the common picture rules unless a tool says otherwise', () => {
    expect(imageRulesOf('txt2img')).toMatchObject({ maxBytes: 5 * 1024 * 1024, minSide: 300 });
    expect(imageRulesOf('erase')).toMatchObject({ maxBytes: 20 * 1024 * 1024, maxSide: 4096 });
    expect(imageRulesOf('upscale')).toMatchObject({ minSide: 64, maxSide: 2048 });
  });

  it('gates the editing tools the spec names for subscribers', () => {
    expect(tools.erase.gate).toBe('eraser');
    expect(tools.inpaint.gate).toBe('replace');
    expect(tools.outpaint.gate).toBe('expand');
    expect(tools.remove_bg.gate).toBe('remove_bg');
    expect(tools.upscale.gate).toBe('enhance');
  });
});
