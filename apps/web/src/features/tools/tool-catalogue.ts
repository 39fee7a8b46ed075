import { unitCosts } from '@lumen/contracts/credits';
import type { GatedFeature } from '@lumen/contracts/plans';
import { toolIds, toolOf, type ToolDefinition, type ToolId } from '@lumen/contracts/tools';

/** The toolbox's groups, in the order they show (`ui.category` of each tool). */
export const toolCategories = ['edit', 'enhance', 'create', 'video', '3d'] as const;
export type ToolCategory = ToolDefinition['ui']['category'];

export type EditorPanel = NonNullable<ToolDefinition['ui']['editor']>;

/** A tool the image editor runs: one with an editor panel. */
export type EditorToolId = ToolId;

const byOrder = (a: ToolId, b: ToolId) => toolOf(a).ui.order - toolOf(b).ui.order;

/** The tools the editor runs, in their declared order: those with a `ui.editor` panel. */
export const editorToolIds: readonly ToolId[] = toolIds
  .filter((id) => toolOf(id).ui.editor !== undefined)
  .sort(
    (a, b) =>
      toolCategories.indexOf(toolOf(a).ui.category) -
        toolCategories.indexOf(toolOf(b).ui.category) || byOrder(a, b),
  );

export function isEditorTool(id: string): id is ToolId {
  return (editorToolIds as readonly string[]).includes(id);
}

export function editorPanelOf(id: ToolId): EditorPanel | undefined {
  return toolOf(id).ui.editor;
}

/** What one run of a tool costs in credits (spec §9's unit cost of its kind). */
export function toolCost(id: ToolId): number {
  return unitCosts[toolOf(id).cost];
}

/** The subscriber feature a tool needs, if any (spec §5 gating). */
export function toolGate(id: ToolId): GatedFeature | undefined {
  return toolOf(id).gate;
}

/**
 * The toolbox: every tool in its category, the ones the product runs first, then by their
 * declared order. Categories with no tool are left out.
 */
export function toolboxGroups(): { category: ToolCategory; tools: ToolId[] }[] {
  return toolCategories
    .map((category) => ({
      category,
      tools: toolIds
        .filter((id) => toolOf(id).ui.category === category)
        .sort((a, b) => Number(toolOf(b).available) - Number(toolOf(a).available) || byOrder(a, b)),
    }))
    .filter((group) => group.tools.length > 0);
}

/**
 * Where a toolbox card leads: the editor with the tool chosen, the video studio in the tool's
 * mode, or the studio the tool is used in; none for a tool with none (it shows as coming soon).
 */
export function toolRoute(id: ToolId): string | null {
  const { ui } = toolOf(id);
  if (ui.editor) return `/studio/edit?tool=${id}`;
  if (ui.videoMode) return `/studio/video?mode=${ui.videoMode}`;
  return ui.route ?? null;
}
