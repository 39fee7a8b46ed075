import { unitCosts } from '@lumen/contracts/credits';
import { toolIds, toolOf } from '@lumen/contracts/tools';
import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en.json';
import { editorToolIds, toolboxGroups, toolCost, toolRoute } from './tool-catalogue';
import { toolIcons } from './tool-icons';

describe('tool catalogue', () => {
  it('has every tool’s icon', () => {
    for (const id of toolIds) expect(toolIcons, id).toHaveProperty(toolOf(id).ui.icon);
  });

  it('has every tool’s name and description in the catalogue', () => {
    for (const id of toolIds) {
      expect(en.taskTypes, id).toHaveProperty(id);
      expect(en.tools.descriptions, id).toHaveProperty(id);
    }
  });

  it('lists every tool once in the toolbox, available ones first in each group', () => {
    const groups = toolboxGroups();
    expect(groups.flatMap((g) => g.tools).sort()).toEqual([...toolIds].sort());
    for (const group of groups) {
      const available = group.tools.map((id) => toolOf(id).available);
      expect(available).toEqual([...available].sort((a, b) => Number(b) - Number(a)));
      for (const id of group.tools) expect(toolOf(id).ui.category).toBe(group.category);
    }
  });

  it('runs in the editor exactly the tools with an editor panel', () => {
    expect([...editorToolIds].sort()).toEqual(
      toolIds.filter((id) => toolOf(id).ui.editor !== undefined).sort(),
    );
    expect(editorToolIds).toContain('erase');
    expect(editorToolIds).not.toContain('txt2img');
  });

  it('prices and routes each tool from its definition', () => {
    expect(toolCost('erase')).toBe(unitCosts.image);
    expect(toolCost('video_diffusion')).toBe(unitCosts.video);
    expect(toolRoute('outpaint')).toBe('/studio/edit?tool=outpaint');
    expect(toolRoute('txt2img')).toBe('/studio/image');
    expect(toolRoute('video_extend')).toBe('/studio/video?mode=extend');
    expect(toolRoute('mouth_speech')).toBe('/studio/video?mode=lip_sync');
    for (const id of toolIds) {
      const { ui } = toolOf(id);
      if (!ui.editor && !ui.route && !ui.videoMode) expect(toolRoute(id), id).toBeNull();
      // Every video tool opens the video studio in its own mode.
      if (ui.videoMode && !ui.editor) {
        expect(toolRoute(id), id).toBe(`/studio/video?mode=${ui.videoMode}`);
      }
    }
  });
});
