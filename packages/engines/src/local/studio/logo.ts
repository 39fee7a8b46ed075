import type { EngineSettings } from '@lumen/contracts/generation';
import sharp from 'sharp';
import type { EngineOutput } from '../../engine';
import type { ProgressReporter } from '../cancellation';
import { vectorizeImage } from '../edit/vectorize';
import { layouts, styleLayouts, type Drawing } from './logo-layouts';
import { chooseMark } from './logo-marks';
import { isCjk, typefaceNames, type Typeface } from './type-set';

type LogoSettings = NonNullable<EngineSettings['logo']>;

/** The width the SVG declares and the PNG is drawn at; the height follows the layout. */
const LOGO_WIDTH = 1024;
/** A business card of 3.5 × 2 in, on a desk. */
const MOCKUP = { width: 1280, height: 880, card: { w: 840, h: 480 } };

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One layout as a standalone SVG: its box with a margin, the brand as its accessible name. */
export function logoSvg(
  brand: string,
  drawing: Drawing,
): { svg: string; width: number; height: number } {
  const margin = Math.max(drawing.box.w, drawing.box.h) * 0.08;
  const vx = drawing.box.x - margin;
  const vy = drawing.box.y - margin;
  const vw = drawing.box.w + 2 * margin;
  const vh = drawing.box.h + 2 * margin;
  const width = LOGO_WIDTH;
  const height = Math.max(1, Math.round((LOGO_WIDTH * vh) / vw));
  const name = escapeXml(brand);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" ` +
    `viewBox="${[vx, vy, vw, vh].map((v) => Math.round(v * 100) / 100).join(' ')}" ` +
    `role="img" aria-label="${name}"><title>${name}</title>${drawing.body}</svg>`;
  return { svg, width, height };
}

/** The logo on a white business card lying on a desk, with a soft shadow under the card. */
async function cardMockup(logo: { svg: string; width: number; height: number }, tint: string) {
  const { width: W, height: H, card } = MOCKUP;
  const cx = (W - card.w) / 2;
  const cy = (H - card.h) / 2;
  const fit = Math.min((card.w * 0.7) / logo.width, (card.h * 0.62) / logo.height);
  const lw = logo.width * fit;
  const lh = logo.height * fit;
  const inner = logo.svg
    .replace(
      /^<svg[^>]*?width="[^"]*" height="[^"]*"/,
      `<svg x="${cx + (card.w - lw) / 2}" y="${cy + (card.h - lh) / 2}" width="${lw}" height="${lh}"`,
    )
    .replace(/ xmlns="[^"]*"/, '');
  const scene =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
    `<defs><linearGradient id="desk" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="#f1ede6"/><stop offset="1" stop-color="#d9d2c7"/></linearGradient>` +
    `<filter id="shadow" x="-20%" y="-20%" width="140%" height="150%">` +
    `<feGaussianBlur stdDeviation="18"/></filter></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#desk)"/>` +
    `<rect x="${cx + 60}" y="${cy + 90}" width="${card.w}" height="${card.h}" rx="16" ` +
    `fill="${tint}" transform="rotate(-7 ${W / 2} ${H / 2})"/>` +
    `<rect x="${cx + 6}" y="${cy + 22}" width="${card.w}" height="${card.h}" rx="16" ` +
    `fill="#000" opacity="0.28" filter="url(#shadow)"/>` +
    `<rect x="${cx}" y="${cy}" width="${card.w}" height="${card.h}" rx="16" fill="#ffffff"/>` +
    inner +
    `</svg>`;
  return sharp(Buffer.from(scene)).png({ compressionLevel: 6 }).toBuffer();
}

/**
 * Real vector logos on the CPU, one layout per result: the mark a brand's industry calls for
 * (or its initials), the brand and slogan set as glyph paths in shipped open typefaces, in
 * the brand's colours. Each result is the SVG, then a transparent PNG of it, then a mockup
 * on a business card.
 */
export async function renderLogos(
  logo: LogoSettings,
  settings: Pick<EngineSettings, 'count' | 'prompt' | 'seed'>,
  report: ProgressReporter,
): Promise<EngineOutput[]> {
  const plans = styleLayouts[logo.style];
  const cjkBrand = isCjk(logo.brand);
  const outputs: EngineOutput[] = [];
  // Every run leads with the style's own layout (a mark and the name); the seed picks where
  // in the rest of the style's sequence the other results start, so a new run shows others.
  const start = settings.seed % plans.length;
  const rest = Math.max(1, plans.length - 1);
  for (let i = 0; i < settings.count; i++) {
    const plan = plans[i === 0 ? 0 : 1 + ((start + i - 1) % rest)]!;
    const mark = chooseMark(
      { industry: logo.industry, prompt: settings.prompt, slogan: logo.slogan, brand: logo.brand },
      Math.floor((start + i) / plans.length) + i,
    );
    const ink = logo.colors[0] ?? mark.colours[0];
    const accent = logo.colors[1] ?? mark.colours[1];
    const face: Typeface = cjkBrand ? 'cjk' : plan.face;
    const drawing = layouts[plan.layout]({
      brand: logo.brand,
      slogan: logo.slogan,
      mark,
      ink,
      accent,
      brandFace: face,
      ...(plan.container ? { container: true } : {}),
      ...(plan.initials ? { initials: true } : {}),
    });
    const made = logoSvg(logo.brand, drawing);
    const svg = Buffer.from(made.svg);
    const png = await sharp(svg)
      .resize(made.width, made.height)
      .png({ compressionLevel: 6 })
      .toBuffer();
    const mockup = await cardMockup(made, logo.colors[2] ?? ink);
    const markText =
      mark.icon && !plan.initials
        ? `the Tabler “${mark.icon}” mark (for “${mark.matched ?? ''}”)`
        : `the initials of “${logo.brand}” as the mark`;
    const description = `${plan.layout} logo of “${logo.brand}”: ${markText}, set in ${typefaceNames[face]}, ${ink} and ${accent}`;
    const seed = settings.seed;
    outputs.push(
      {
        kind: 'image',
        mime: 'image/svg+xml',
        bytes: svg,
        width: made.width,
        height: made.height,
        seed,
        description,
      },
      {
        kind: 'image',
        mime: 'image/png',
        bytes: png,
        width: made.width,
        height: made.height,
        seed,
        description: `Transparent PNG: ${description}`,
      },
      {
        kind: 'image',
        mime: 'image/png',
        bytes: mockup,
        width: MOCKUP.width,
        height: MOCKUP.height,
        seed,
        description: `On a business card: ${description}`,
      },
    );
    await report((i + 1) / settings.count);
  }
  return outputs;
}

/** Whether an imagetracer path's fill is the white (or near-white) ground round a logo. */
const groundFill = /<path[^>]*fill="rgb\((2[3-5]\d),(2[3-5]\d),(2[3-5]\d)\)"[^>]*\/>/g;

/**
 * A logo a model drew (on white) as the studio's results: traced to SVG paths with the
 * posterized preset, its white ground dropped so the logo stands on any background, named by
 * the brand; then its transparent PNG and the card mockup, as the CPU's logos come.
 */
export async function logoFromPicture(
  picture: Buffer,
  logo: LogoSettings,
  seed: number | undefined,
): Promise<EngineOutput[]> {
  const traced = await vectorizeImage(picture, 'posterized');
  const name = escapeXml(logo.brand);
  const width = LOGO_WIDTH;
  const height = Math.max(1, Math.round((LOGO_WIDTH * traced.height) / traced.width));
  const text = traced.svg
    .toString('utf8')
    .replace(groundFill, '')
    .replace(
      /^<svg([^>]*?) width="\d+" height="\d+"/,
      `<svg$1 width="${width}" height="${height}" role="img" aria-label="${name}"`,
    )
    .replace(/(<svg[^>]*>)/, `$1<title>${name}</title>`);
  const svg = Buffer.from(text);
  const png = await sharp(svg).resize(width, height).png({ compressionLevel: 6 }).toBuffer();
  const mockup = await cardMockup({ svg: text, width, height }, logo.colors[0] ?? '#243b55');
  const description = `Logo of “${logo.brand}” drawn by the model, traced to SVG (posterized)`;
  const common = { kind: 'image', seed } as const;
  return [
    { ...common, mime: 'image/svg+xml', bytes: svg, width, height, description },
    {
      ...common,
      mime: 'image/png',
      bytes: png,
      width,
      height,
      description: `Transparent PNG: ${description}`,
    },
    {
      ...common,
      mime: 'image/png',
      bytes: mockup,
      width: MOCKUP.width,
      height: MOCKUP.height,
      description: `On a business card: ${description}`,
    },
  ];
}
