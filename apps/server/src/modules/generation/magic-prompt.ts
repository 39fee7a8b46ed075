/**
 * The magic prompt toggle without a language model: enriches a short idea with the
 * descriptors image models respond to, by style. With an OpenAI-compatible API configured the
 * server asks the model instead and falls back to this on failure.
 */
const descriptorsByStyle: Record<string, string> = {
  realistic: 'highly detailed, natural lighting, sharp focus, realistic textures, 35mm photograph',
  original: 'well composed, balanced colours, fine detail',
  anime: 'anime key visual, clean line art, vibrant cel shading, expressive lighting',
  cartoon: 'playful cartoon illustration, bold outlines, flat bright colours',
  watercolor: 'delicate watercolor painting, soft washes, paper texture, gentle bleeding edges',
  ink_wash: 'traditional ink wash painting, expressive brush strokes, generous negative space',
  van_gogh:
    'post-impressionist oil painting, swirling thick brush strokes, vivid complementary colours',
  miyazaki: 'hand-painted animated film still, lush scenery, warm nostalgic light',
  barbie: 'glossy pastel pink aesthetic, fashion photography, soft studio light',
  cyberpunk: 'neon-lit cyberpunk scene, rain reflections, volumetric haze, cinematic contrast',
  vector_art: 'clean vector illustration, geometric shapes, flat colours, crisp edges',
  abstract: 'abstract composition, bold shapes and textures, striking colour harmony',
};

const MAX_LENGTH = 2000;

export function enrichPrompt(prompt: string, style: string): string {
  const text = prompt.trim();
  // Long prompts already say what the user wants; adding to them only dilutes it.
  if (text.length === 0 || text.length > 300) return text;
  const extra = descriptorsByStyle[style] ?? descriptorsByStyle.original!;
  const missing = extra
    .split(', ')
    .filter((phrase) => !text.toLowerCase().includes(phrase.toLowerCase()));
  return missing.length ? `${text}, ${missing.join(', ')}`.slice(0, MAX_LENGTH) : text;
}
