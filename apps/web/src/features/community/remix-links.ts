import type { Work, WorkDetail } from '@lumen/contracts/community';

/** Greatest-common-divisor ratio, e.g. 1024×576 → "16:9", as the studio's ratio picker takes it. */
export function ratioOf(width: number | null, height: number | null): string | null {
  if (!width || !height) return null;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const d = gcd(width, height);
  return `${width / d}:${height / d}`;
}

export type RemixAction = 'reuseSeed' | 'recreate' | 'img2img' | 'edit';

/**
 * The studio address that starts a remix, prefilled from the work: the same prompt and seed
 * (reuse seed), the same prompt with a new seed (recreate), or the picture as the reference of
 * an image-to-image run; or the picture opened in the image editor (edit). `remix` (`work` for
 * the editor) names the source so the server can check §6 and keep lineage. Null when the
 * action does not apply (a private generation shares no prompt or seed).
 */
export function remixPath(work: WorkDetail, action: RemixAction): string | null {
  if (action === 'edit') {
    return work.kind === 'image' ? `/studio/edit?work=${encodeURIComponent(work.work_id)}` : null;
  }
  const params = new URLSearchParams();
  const ratio = ratioOf(work.media.width, work.media.height);
  if (action === 'img2img') {
    if (work.kind !== 'image') return null;
    params.set('ref', 'work');
    if (work.prompt) params.set('prompt', work.prompt);
  } else {
    if (work.prompt === null) return null;
    if (action === 'reuseSeed' && work.seed === null) return null;
    params.set('prompt', work.prompt);
    if (work.negative_prompt) params.set('negative', work.negative_prompt);
    if (action === 'reuseSeed' && work.seed !== null) params.set('seed', String(work.seed));
    if (ratio && work.kind !== '3d') params.set('ratio', ratio);
  }
  params.set('remix', work.work_id);
  return `/studio/${work.kind}?${params.toString()}`;
}

/**
 * A card's "Recreate": the studio of the work's kind with its prompt (and shape), a new seed.
 * Null when the prompt is not public (a private generation, a tool run).
 */
export function recreatePath(work: Pick<Work, 'work_id' | 'kind' | 'prompt' | 'media'>) {
  if (!work.prompt) return null;
  const params = new URLSearchParams({ prompt: work.prompt });
  const ratio = ratioOf(work.media.width, work.media.height);
  if (ratio && work.kind !== '3d') params.set('ratio', ratio);
  params.set('remix', work.work_id);
  return `/studio/${work.kind}?${params.toString()}`;
}
