import type { EngineSettings } from '@lumen/contracts/generation';
import type { LogoStyle } from '@lumen/contracts/tools/logo';
import type { TattooStyle } from '@lumen/contracts/tools/tattoo';
import type { EngineTask } from './engine';
import { portraitStyles, type PortraitStyle } from '@lumen/contracts/tools/portrait';
import type { TryOnCategory } from '@lumen/contracts/tools/try-on';

const logoLooks: Record<LogoStyle, string> = {
  minimal: 'minimal flat logo, one simple geometric symbol, clean modern sans-serif type',
  emblem: 'emblem logo, the symbol and name inside a circular seal',
  mascot: 'mascot logo, a friendly character illustration with bold outlines',
  lettermark: 'lettermark logo built from the initials, bold monogram',
  wordmark: 'wordmark logo, the name in distinctive custom lettering, no symbol',
  badge: 'badge logo, a shield shape holding the symbol and the name',
  vintage: 'vintage logo, retro seal with serif lettering and fine line details',
};

const tattooLooks: Record<TattooStyle, string> = {
  fine_line: 'fine line tattoo design, delicate thin single-needle linework',
  blackwork: 'blackwork tattoo design, bold solid black fills and heavy lines',
  traditional:
    'American traditional tattoo flash, bold black outlines, limited red yellow green palette',
  watercolor: 'watercolour tattoo design, soft paint splashes and bleeding colours with fine lines',
  tribal: 'tribal tattoo design, flowing solid black shapes with sharp points',
  geometric: 'geometric tattoo design, sacred geometry, precise lines, dotwork',
};

/**
 * What a text-to-image model is asked for by the studios, built from their settings: a logo
 * of the brand in its style and colours on plain white (which vectorises cleanly), or a
 * tattoo design of the user's words in its style, isolated on white. Other tasks run with the
 * user's prompt as it is (undefined here).
 */
export function studioPrompt(settings: EngineSettings): string | undefined {
  const { logo, tattoo } = settings;
  const own = settings.prompt.trim();
  if (logo) {
    const parts = [
      `${logoLooks[logo.style]} for the brand "${logo.brand}"`,
      logo.industry && `a ${logo.industry} business`,
      logo.slogan && `with the slogan "${logo.slogan}" in small type`,
      logo.colors.length > 0 && `brand colours ${logo.colors.join(', ')}`,
      own,
      'vector style, flat solid colours, centred on a plain white background, no mockup, no photo',
    ];
    return parts.filter(Boolean).join(', ');
  }
  if (tattoo) {
    const subject = own || (tattoo.reference ? 'the subject of the reference picture' : 'a rose');
    return `${tattooLooks[tattoo.style]} of ${subject}, isolated on a plain white background, high contrast, tattoo flash sheet, no skin, no body`;
  }
  return undefined;
}

/**
 * The input pictures a generation model works from. A tattoo's body photo is only for the
 * mockup drawn afterwards, so the model sees the reference alone (or nothing).
 */
export function modelPictures(task: EngineTask): string[] {
  const { tattoo } = task.settings;
  if (task.taskType === 'tattoo' || tattoo) {
    return tattoo?.reference ? task.inputs.images.slice(0, 1) : [];
  }
  return task.inputs.images;
}

/** The body photo a tattoo is shown on, when the user brought one (always the last picture). */
export function bodyPicture(task: EngineTask): string | undefined {
  return task.settings.tattoo?.body ? task.inputs.images.at(-1) : undefined;
}

/**
 * What an identity-keeping model (PuLID, InstantID) is asked to draw for each portrait style;
 * the face itself comes from the photo, so the words describe light, backdrop and medium.
 */
const portraitPhrases: Record<PortraitStyle, string> = {
  headshot:
    'professional corporate headshot of the person, neutral grey studio backdrop, soft even light, sharp focus, business attire',
  studio:
    'studio portrait of the person, coloured seamless backdrop with a spotlight, dramatic key light, photographed on 85mm',
  anime: 'anime portrait of the person, cel shading, clean ink lines, pastel sky background',
  oil_painting:
    'oil painting portrait of the person, visible brush strokes, warm varnish, dark classical background, canvas texture',
  cyberpunk:
    'cyberpunk portrait of the person, neon magenta and cyan rim light, rainy night city with signs, cinematic',
  vintage: 'vintage sepia photograph of the person, film grain, faded tones, 1920s studio portrait',
  watercolour:
    'watercolour portrait of the person, soft washes, white paper texture, loose brushwork',
  pixar: '3D animated film character portrait of the person, soft subsurface skin, bright colours',
  fantasy:
    'fantasy portrait of the person, ornate costume, glowing violet and gold light, magical atmosphere',
};

/** The portrait style of a task: the gateway checked it; a stranger value takes the headshot. */
export function portraitStyleOf(settings: EngineSettings): PortraitStyle {
  return (portraitStyles as readonly string[]).includes(settings.style)
    ? (settings.style as PortraitStyle)
    : 'headshot';
}

/** The portrait prompt: the style's words, then the user's own when there are some. */
export function portraitPrompt(settings: EngineSettings): string {
  const phrase = portraitPhrases[portraitStyleOf(settings)];
  const own = settings.prompt.trim();
  return own ? `${phrase}, ${own}` : phrase;
}

/** What the try-on models are told the garment is: the user's words or its kind. */
export function garmentDescription(settings: EngineSettings): string {
  const own = settings.prompt.trim();
  if (own) return own;
  const kind: Record<TryOnCategory, string> = {
    top: 'a top',
    bottom: 'trousers or a skirt',
    dress: 'a dress',
    outerwear: 'a jacket or coat',
  };
  return kind[settings.tryOn?.category ?? 'top'];
}

export function tryOnCategoryOf(settings: EngineSettings): TryOnCategory {
  return settings.tryOn?.category ?? 'top';
}
