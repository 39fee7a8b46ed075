import type { EngineSettings } from '@lumen/contracts/generation';
import { portraitStyles, type PortraitStyle } from '@lumen/contracts/tools/portrait';
import type { TryOnCategory } from '@lumen/contracts/tools/try-on';

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
