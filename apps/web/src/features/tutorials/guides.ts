import type { VideoStyle } from '@lumen/contracts/generation';
import { IMAGE_MAX_RATIO, IMAGE_MIN_SIDE_PX, TASK_IMAGE_MAX_BYTES } from '@lumen/contracts/media';
import { limitsFor } from '@lumen/contracts/plans';
import { PROMPT_MAX_LENGTH } from '@lumen/contracts/tasks';
import { imageRulesOf } from '@lumen/contracts/tools';
import { KEYFRAME_MAX_RATIO } from '../generate/upload-image';

/** A studio an example opens, filled in. */
export interface TutorialExample {
  /** i18n key under `tutorials.examples`: the prompt, in the reader's language. */
  key: string;
  studio: 'image' | 'video' | '3d';
  /** Video mode (`?mode=`) of the video studio. */
  mode?: 'text';
  style?: VideoStyle;
  ratio?: string;
  /** i18n key under `tutorials.examples` for a negative prompt. */
  negativeKey?: string;
}

export interface Guide {
  /** i18n key under `tutorials.guides`, and the section's anchor (`/studio/tutorials#<key>`). */
  key: string;
  /** Numbered steps: `tutorials.guides.<key>.steps.<n>`. */
  steps: number;
  /** Tips: `tutorials.guides.<key>.tips.<n>`. */
  tips: number;
  /** The studio the guide is about, opened by its button. */
  studio: string;
  examples: TutorialExample[];
  /** Shows the plans table (limits by grade) under the guide. */
  plans?: true;
}

const MB = 1024 * 1024;
const free = limitsFor(0);
const pro = limitsFor(3);

/**
 * Numbers the guides quote, taken from the rules the studio and the server enforce, so the
 * words change when a limit does.
 */
export const guideValues = {
  promptMax: PROMPT_MAX_LENGTH,
  imageMb: TASK_IMAGE_MAX_BYTES / MB,
  minSide: IMAGE_MIN_SIDE_PX,
  maxRatio: IMAGE_MAX_RATIO,
  keyframePercent: Math.round((KEYFRAME_MAX_RATIO - 1) * 100),
  freeImages: free.imagesPerRun,
  proImages: pro.imagesPerRun,
  shortVideo: Math.min(...free.videoSeconds),
  longVideo: Math.max(...pro.videoSeconds),
  maxSide3d: 4096,
  editMb: imageRulesOf('erase').maxBytes / MB,
};

export const guides: Guide[] = [
  {
    key: 'prompts',
    steps: 4,
    tips: 3,
    studio: '/studio/image',
    examples: [
      { key: 'fox', studio: 'image', style: 'realistic', ratio: '3:2' },
      {
        key: 'ramen',
        studio: 'image',
        style: 'realistic',
        ratio: '1:1',
        negativeKey: 'ramenNegative',
      },
    ],
  },
  {
    key: 'styles',
    steps: 3,
    tips: 2,
    studio: '/studio/image',
    examples: [
      { key: 'lighthouse', studio: 'image', style: 'watercolor', ratio: '2:3' },
      { key: 'lighthouse', studio: 'image', style: 'ink_wash', ratio: '2:3' },
      { key: 'lighthouse', studio: 'image', style: 'van_gogh', ratio: '2:3' },
    ],
  },
  { key: 'reference', steps: 3, tips: 2, studio: '/studio/image', examples: [] },
  { key: 'seeds', steps: 4, tips: 1, studio: '/studio/image', examples: [] },
  {
    key: 'video',
    steps: 3,
    tips: 4,
    studio: '/studio/video',
    examples: [{ key: 'koi', studio: 'video', mode: 'text', style: 'realistic', ratio: '16:9' }],
  },
  {
    key: 'threeD',
    steps: 3,
    tips: 1,
    studio: '/studio/3d',
    examples: [{ key: 'teapot', studio: '3d' }],
  },
  { key: 'library', steps: 4, tips: 2, studio: '/library', examples: [] },
  { key: 'editor', steps: 4, tips: 2, studio: '/studio/edit', examples: [] },
  { key: 'credits', steps: 4, tips: 1, studio: '/pay', examples: [], plans: true },
];

/** The studio address an example opens: its prompt and settings filled in (`readStudioPrefill`). */
export function examplePath(
  example: TutorialExample,
  words: { prompt: string; negative?: string },
): string {
  const params = new URLSearchParams();
  if (example.mode) params.set('mode', example.mode);
  params.set('prompt', words.prompt);
  if (words.negative) params.set('negative', words.negative);
  if (example.style) params.set('style', example.style);
  if (example.ratio) params.set('ratio', example.ratio);
  return `/studio/${example.studio}?${params.toString()}`;
}
