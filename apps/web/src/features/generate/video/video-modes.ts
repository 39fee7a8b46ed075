import { toolIds, toolOf, type ToolId } from '@lumen/contracts/tools';

/** The modes whose settings are the generation's own (prompt, style, resolution, camera). */
export const generationModes = ['text', 'image', 'keyframes'] as const;
export type GenerationMode = (typeof generationModes)[number];

/**
 * Spec §3's effect video runs on the image-to-video tool with a template; it is offered
 * wherever that tool is.
 */
export const EFFECT_MODE = 'effect';
/** The character video mode: offered once a tool that runs declares it. */
export const CHARACTER_MODE = 'character';

export interface VideoMode {
  /** `?mode=` of the studio's address. */
  mode: string;
  /** The task type a run of this mode submits; null while no tool runs it. */
  toolId: ToolId | null;
}

/**
 * The video studio's modes, from the tool definitions' `ui.videoMode` in their declared order
 * (STYLE.md "One tool, one definition"): each tool the gateway runs gives its mode, the effect
 * templates follow image to video, and character video is listed as coming until a tool
 * declares it.
 */
export function listVideoModes(): VideoMode[] {
  const declared = toolIds
    .filter((id) => toolOf(id).ui.videoMode !== undefined && toolOf(id).available)
    .sort((a, b) => toolOf(a).ui.order - toolOf(b).ui.order);
  const modes: VideoMode[] = [];
  for (const id of declared) {
    const mode = toolOf(id).ui.videoMode as string;
    if (modes.some((m) => m.mode === mode)) continue;
    modes.push({ mode, toolId: id });
    if (mode === 'image') modes.push({ mode: EFFECT_MODE, toolId: id });
  }
  if (!modes.some((m) => m.mode === CHARACTER_MODE)) {
    modes.push({ mode: CHARACTER_MODE, toolId: null });
  }
  return modes;
}

export function isGenerationMode(mode: string): mode is GenerationMode {
  return (generationModes as readonly string[]).includes(mode);
}

/** The mode an address names, or text to video for one this studio does not offer. */
export function videoModeOf(value: string | null): VideoMode {
  const modes = listVideoModes();
  const found = modes.find((m) => m.mode === value && m.toolId !== null);
  return found ?? modes.find((m) => m.mode === 'text') ?? { mode: 'text', toolId: null };
}

/** The video studio's address in one mode; a prefill's other fields may follow. */
export function videoStudioPath(mode: string, extra: Record<string, string> = {}): string {
  return `/studio/video?${new URLSearchParams({ mode, ...extra }).toString()}`;
}
