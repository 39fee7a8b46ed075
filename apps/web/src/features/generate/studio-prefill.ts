import { aspectRatios, videoStyles, type VideoStyle } from '@lumen/contracts/generation';
import { PROMPT_MAX_LENGTH } from '@lumen/contracts/tasks';
import { closestRatio, ratioParts } from './aspect-ratio';

/**
 * What a link into a studio may carry: the library's and the community's "reuse seed",
 * "recreate", "image to image" and "image to video", and the tutorials' examples
 * (`?prompt=&negative=&seed=&ratio=&style=&ref=&remix=&from=&recreate=`), and the video
 * studio's tool modes (`?mode=&from=&effect=`, see docs/studio.md).
 */
export interface StudioPrefill {
  prompt?: string;
  negative?: string;
  seed?: number;
  /** One of the offered ratios (the nearest one when the link names another). */
  ratio?: string;
  /** One of the styles (spec §3); any other value is left out. */
  style?: VideoStyle;
  /** Use the remixed work's picture as the reference of an image-to-image run. */
  referenceFromWork?: boolean;
  /** The community work being remixed; sent with the generation as `remix_of`. */
  remixOf?: string;
  /** One of the user's own results as the reference (`from=<task id>:<output index>`). */
  referenceFromOutput?: { taskId: string; index: number };
  /** One of the user's runs whose request fills the studio (`recreate=<task id>`). */
  recreateFrom?: string;
  /** An effect template's key (`effect=`), chosen in the video studio's effect mode. */
  effect?: string;
}

const MAX_SEED = 2 ** 32 - 1;
/** An effect template's key as the algo config stores it. */
const EFFECT_KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const TASK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reads the prefill from an address's query; anything malformed is left out. */
export function readStudioPrefill(search: string | URLSearchParams): StudioPrefill {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out: StudioPrefill = {};
  const prompt = params.get('prompt');
  if (prompt) out.prompt = prompt.slice(0, PROMPT_MAX_LENGTH);
  const negative = params.get('negative');
  if (negative) out.negative = negative.slice(0, PROMPT_MAX_LENGTH);
  const seed = params.get('seed');
  if (seed && /^\d+$/.test(seed) && Number(seed) <= MAX_SEED) out.seed = Number(seed);
  const ratio = params.get('ratio');
  if (ratio && /^\d+:\d+$/.test(ratio)) {
    const [w, h] = ratioParts(ratio);
    out.ratio = (aspectRatios as readonly string[]).includes(ratio) ? ratio : closestRatio(w, h);
  }
  const style = videoStyles.find((s) => s === params.get('style'));
  if (style) out.style = style;
  const remix = params.get('remix');
  if (remix && /^[1-9]\d{0,17}$/.test(remix)) {
    out.remixOf = remix;
    // The picture is looked up by the work, so a link cannot point the studio at any URL.
    if (params.get('ref') === 'work') out.referenceFromWork = true;
  }
  const from = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\d{1,2})$/.exec(
    params.get('from') ?? '',
  );
  if (from?.[1] && from[2]) out.referenceFromOutput = { taskId: from[1], index: Number(from[2]) };
  const recreate = params.get('recreate') ?? '';
  if (TASK_ID.test(recreate)) out.recreateFrom = recreate;
  const effect = params.get('effect') ?? '';
  if (EFFECT_KEY.test(effect)) out.effect = effect;
  return out;
}
