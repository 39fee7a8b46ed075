import type { z } from 'zod';
import type { GatedFeature } from '../plans';

export type ToolMedia = 'image' | 'video' | '3d';

/** What one unit of a tool costs (spec §9); `effect` prices any effect template instead. */
export type CostKind = 'video' | '3d' | 'image' | 'character' | 'effect' | 'lipSync';

/** The generation counters of spec §3 a tool's runs are counted under. */
export type CounterKind =
  'image' | 'video' | 'videos' | 'three' | 'character' | 'wink' | 'imageEditor';

/** How many files of one kind a tool takes: [fewest, most]. */
export type InputCount = readonly [min: number, max: number];

/** Spec §5's rules for a tool's input pictures; unset fields take the common rules. */
export type ImageRules = {
  maxBytes: number;
  minSide: number;
  /** The longest side a tool takes, where its engines have a limit. */
  maxSide?: number;
  minRatio: number;
  maxRatio: number;
};

/** Rules for a tool's input clips (spec §5): mp4, at most 100 MB, and the tool's own limits. */
export type VideoRules = {
  maxBytes: number;
  /** The longest clip taken, seconds. */
  maxDurationS: number;
  /** The longest side taken, px ("under 2K" is 2047). */
  maxSide: number;
  /** The shape the clip must have (`16:9`, `1:1`), within 3 %; any shape when unset. */
  ratio?: '16:9' | '1:1';
  /** Only the first this many seconds are used (video edit: 4 s). */
  usesFirstS?: number;
};

/**
 * Where a tool shows in the product: the toolbox's card (its category and order), the editor
 * panel that sets its inputs, and the icon (a Tabler icon's name, as the web app imports them).
 */
export type ToolUi = {
  category: 'create' | 'edit' | 'enhance' | 'video' | '3d';
  icon: string;
  order: number;
  /** The image editor's panel for this tool; absent for tools the editor does not run. */
  editor?: 'mask' | 'expand' | 'instruction' | 'background' | 'enhance' | 'vectorize';
  /** The video studio's mode for this tool; absent for tools it does not offer. */
  videoMode?: string;
  /** Where the tool is used outside the editor (a studio's route). */
  route?: string;
};

/**
 * One task type, declared once (STYLE.md "One tool, one definition"): the gateway's
 * validation, the quote, the gate, the counters, the engines' registries, the toolbox and the
 * editor derive what they need from it.
 */
export type ToolDefinition<Id extends string = string> = {
  id: Id;
  /** The gateway's segment: `POST /api/gw/v3/{media}/{id}/async`. */
  media: ToolMedia;
  /** Whether the gateway runs it; a tool declared ahead of its engines answers "not available yet". */
  available: boolean;
  /**
   * Queued by a feature's own API, which checks its inputs first (the character workshop),
   * never posted to the gateway.
   */
  ownApi?: true;
  inputs: {
    prompt: 'required' | 'optional';
    images: InputCount;
    audios?: InputCount;
    videos?: InputCount;
    /** A PNG the size of the picture, white where the edit goes (`mask` or `params.mask`). */
    mask?: 'required';
    /** Overrides of the common picture rules (spec §5). */
    imageRules?: Partial<ImageRules>;
    /** Overrides of the common clip rules (spec §5). */
    videoRules?: Partial<VideoRules>;
  };
  /** Turns its one input into one output: runs once, whatever `batch_size` says. */
  single?: true;
  /** The output has the shape of its (first) input picture. */
  keepsInputShape?: true;
  /** The input picture must show exactly one face (spec §5's clear portrait). */
  portrait?: true;
  /**
   * Outputs are scored for NSFW like any generation. Off only for tools that transform their
   * (already scored) input without drawing anything new: a cut-out, an enlargement, a trace.
   */
  scoresOutputs: boolean;
  /** May carry a generated sound effect (the spec §3 toggle). */
  soundEffect?: true;
  /** The tool's own `params` beyond the common ones, checked at the gateway. */
  params?: z.ZodType;
  cost: CostKind;
  /** The subscriber feature the tool itself is (spec §5 gating). */
  gate?: GatedFeature;
  counter: CounterKind;
  /**
   * The library folder a finished run's results are filed in: the user's portraits folder
   * (spec §3 folder group 5), or the folder of the run's character (group 4).
   */
  filedIn?: 'portraits' | 'character';
  ui: ToolUi;
};

/** Checks a definition's shape and keeps its exact type (its params schema, its literal id). */
export function defineTool<const T extends ToolDefinition>(definition: T): T {
  return definition;
}
