import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { findDrawnPictogram } from './drawn-pictograms';

/**
 * Google's Noto Emoji (Apache-2.0) as Iconify ships it in `@iconify-json/noto`: one JSON file
 * of SVG bodies on a 128-unit grid. 25 MB on disk; parsed once, on the first picture that
 * has a subject (~0.1 s), and kept.
 */
const iconSetSchema = z.object({
  width: z.number().optional(),
  height: z.number().optional(),
  icons: z.record(
    z.string(),
    z.object({ body: z.string(), width: z.number().optional(), height: z.number().optional() }),
  ),
  aliases: z.record(z.string(), z.object({ parent: z.string() })).optional(),
});
type IconSet = z.infer<typeof iconSetSchema>;

export type Pictogram = { body: string; width: number; height: number };

let iconSet: IconSet | undefined;

function loadIconSet(): IconSet {
  if (!iconSet) {
    const require = createRequire(import.meta.url);
    const path = require.resolve('@iconify-json/noto/icons.json');
    iconSet = iconSetSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  }
  return iconSet;
}

/** The SVG body of a drawn subject by its id, or of a Noto icon by name (aliases followed), or undefined if the set lacks it. */
export function findPictogram(name: string): Pictogram | undefined {
  const drawn = findDrawnPictogram(name);
  if (drawn) return drawn;
  const set = loadIconSet();
  const resolved = set.icons[name] ? name : set.aliases?.[name]?.parent;
  const icon = resolved ? set.icons[resolved] : undefined;
  if (!icon) return undefined;
  return {
    body: icon.body,
    width: icon.width ?? set.width ?? 128,
    height: icon.height ?? set.height ?? 128,
  };
}
