import { taskTypes } from '@lumen/contracts/task-types';
import type { NewAlgoConfigRow } from './algo-config.schema';

type Effect = {
  key: string;
  names: { en: string; zh: string; ja: string; es: string };
  images: 1 | 2;
  prompt: string;
};

/** Effect-video templates shown in the studio. Each animates the user's photo(s) for 5 s. */
const effects: Effect[] = [
  {
    key: 'hug',
    names: { en: 'AI Hug', zh: 'AI 拥抱', ja: 'AIハグ', es: 'Abrazo IA' },
    images: 2,
    prompt: 'the two people turn to each other and hug warmly',
  },
  {
    key: 'kiss',
    names: { en: 'AI Kiss', zh: 'AI 亲吻', ja: 'AIキス', es: 'Beso IA' },
    images: 2,
    prompt: 'the two people lean in and share a gentle kiss',
  },
  {
    key: 'inflate',
    names: { en: 'Inflate', zh: '膨胀', ja: 'ふくらむ', es: 'Inflar' },
    images: 1,
    prompt: 'the subject inflates like a balloon and floats up',
  },
  {
    key: 'melt',
    names: { en: 'Melt', zh: '融化', ja: 'とろける', es: 'Derretir' },
    images: 1,
    prompt: 'the subject slowly melts into a glossy puddle',
  },
  {
    key: 'squish',
    names: { en: 'Squish', zh: '捏捏', ja: 'むにゅっと', es: 'Aplastar' },
    images: 1,
    prompt: 'hands squish the subject like soft clay',
  },
  {
    key: 'explode',
    names: { en: 'Explode', zh: '爆炸', ja: '爆発', es: 'Explotar' },
    images: 1,
    prompt: 'the subject bursts into colourful confetti',
  },
  {
    key: 'cakeify',
    names: { en: 'Cake-ify', zh: '蛋糕化', ja: 'ケーキ化', es: 'Pastel' },
    images: 1,
    prompt: 'a knife slices the subject, revealing it is a cake',
  },
  {
    key: 'dance',
    names: { en: 'Dance', zh: '跳舞', ja: 'ダンス', es: 'Baile' },
    images: 1,
    prompt: 'the person dances with joyful, rhythmic moves',
  },
  {
    key: 'muscle',
    names: { en: 'Muscle Surge', zh: '肌肉爆发', ja: 'マッスル', es: 'Músculos' },
    images: 1,
    prompt: 'the person flexes as muscles grow dramatically',
  },
  {
    key: 'grow-old',
    names: { en: 'Grow Old', zh: '变老', ja: '年をとる', es: 'Envejecer' },
    images: 1,
    prompt: 'the person ages gracefully over decades',
  },
  {
    key: 'earth-zoom',
    names: { en: 'Earth Zoom Out', zh: '地球拉远', ja: '地球ズームアウト', es: 'Zoom a la Tierra' },
    images: 1,
    prompt: 'the camera pulls back from the subject to outer space',
  },
  {
    key: 'ghibli',
    names: { en: 'Anime Dream', zh: '动漫梦境', ja: 'アニメの夢', es: 'Sueño anime' },
    images: 1,
    prompt: 'the scene turns into a hand-painted anime world with drifting petals',
  },
];

export function algoConfigSeed(): NewAlgoConfigRow[] {
  const effectRows: NewAlgoConfigRow[] = effects.map((e, i) => ({
    algoSet: 'effect_set',
    clientType: 'all',
    key: e.key,
    name: e.names.en,
    taskType: 'video_diffusion_img2vid',
    engine: null,
    cover: null,
    params: { names: e.names, images: e.images, duration: 5, prompt: e.prompt },
    sort: i * 10,
  }));
  // Every task type starts on the local engine; admins move them to comfyui or openai.
  const engineRows: NewAlgoConfigRow[] = taskTypes.map((taskType, i) => ({
    algoSet: 'engine_set',
    clientType: 'all',
    key: taskType,
    name: taskType,
    taskType,
    engine: 'local',
    cover: null,
    params: {},
    sort: i * 10,
  }));
  return [...effectRows, ...engineRows];
}
