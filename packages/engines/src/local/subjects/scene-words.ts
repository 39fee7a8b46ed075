/**
 * Words that describe where a picture takes place rather than what is in it: the scene
 * (palette.ts) already paints them as sky, light, land and water, so they never become a
 * pictogram. Each maps to the English word the scene reads, which lets a Spanish, Chinese or
 * Japanese prompt drive the background as an English one does.
 */
const latinScene: Record<string, string> = {
  sunset: 'sunset',
  dusk: 'dusk',
  evening: 'evening',
  autumn: 'autumn',
  sunrise: 'sunrise',
  dawn: 'dawn',
  morning: 'morning',
  mist: 'mist',
  misty: 'misty',
  fog: 'fog',
  foggy: 'fog',
  night: 'night',
  midnight: 'midnight',
  moonlight: 'moonlight',
  starry: 'stars',
  galaxy: 'galaxy',
  space: 'space',
  forest: 'forest',
  forests: 'forest',
  woods: 'forest',
  jungle: 'jungle',
  garden: 'garden',
  meadow: 'meadow',
  grass: 'grass',
  field: 'meadow',
  desert: 'desert',
  dunes: 'dunes',
  canyon: 'canyon',
  snow: 'snow',
  snowy: 'snowy',
  winter: 'winter',
  frozen: 'frozen',
  arctic: 'arctic',
  ocean: 'ocean',
  sea: 'sea',
  beach: 'beach',
  lake: 'lake',
  river: 'river',
  water: 'water',
  waves: 'waves',
  harbor: 'harbor',
  landscape: 'landscape',
  sky: 'sky',
  hills: 'hills',
  // Spanish.
  atardecer: 'sunset',
  anochecer: 'dusk',
  amanecer: 'dawn',
  noche: 'night',
  nocturno: 'night',
  bosque: 'forest',
  selva: 'jungle',
  jardin: 'garden',
  prado: 'meadow',
  desierto: 'desert',
  nieve: 'snow',
  nevado: 'snowy',
  invierno: 'winter',
  oceano: 'ocean',
  mar: 'sea',
  playa: 'beach',
  lago: 'lake',
  rio: 'river',
  agua: 'water',
  niebla: 'fog',
  paisaje: 'landscape',
  cielo: 'sky',
};

/** Chinese and Japanese scene words, matched like CJK keywords (longest first). */
const cjkScene: Record<string, string> = {
  夕暮れ: 'dusk',
  夕方: 'evening',
  夕焼け: 'sunset',
  黄昏: 'dusk',
  日落: 'sunset',
  夕阳: 'sunset',
  日の出: 'sunrise',
  日出: 'sunrise',
  黎明: 'dawn',
  夜明け: 'dawn',
  夜晚: 'night',
  夜空: 'night',
  夜: 'night',
  森林: 'forest',
  森: 'forest',
  树林: 'forest',
  丛林: 'jungle',
  草原: 'meadow',
  花园: 'garden',
  庭: 'garden',
  沙漠: 'desert',
  砂漠: 'desert',
  雪: 'snow',
  冬: 'winter',
  海滩: 'beach',
  沙滩: 'beach',
  ビーチ: 'beach',
  浜辺: 'beach',
  海边: 'beach',
  海: 'sea',
  湖: 'lake',
  河: 'river',
  川: 'river',
  霧: 'fog',
  雾: 'fog',
  天空: 'sky',
  空: 'sky',
  风景: 'landscape',
  風景: 'landscape',
};

const cjkSceneMax = Math.max(...Object.keys(cjkScene).map((k) => k.length));

/** The English scene word for a folded Latin word, if it is one. */
export const findLatinSceneWord = (word: string): string | undefined =>
  Object.hasOwn(latinScene, word) ? latinScene[word] : undefined;

/** The longest CJK scene word starting at `at`, with its English meaning. */
export function findCjkSceneWord(
  text: string,
  at: number,
): { length: number; word: string } | undefined {
  for (let n = Math.min(cjkSceneMax, text.length - at); n > 0; n--) {
    const word = cjkScene[text.slice(at, at + n)];
    if (word) return { length: n, word };
  }
  return undefined;
}
