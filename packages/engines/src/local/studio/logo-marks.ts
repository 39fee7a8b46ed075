import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * What a brand's mark can show, by industry: the words that name the industry (in the
 * product's four languages), the Tabler icons (MIT, shipped as SVG in `@tabler/icons`) that
 * picture it, best first, and the colours such brands wear (main, accent).
 */
type Industry = {
  words: readonly string[];
  icons: readonly string[];
  colours: readonly [main: string, accent: string];
};

const industries: readonly Industry[] = [
  {
    words: [
      'coffee',
      'cafe',
      'café',
      'espresso',
      'roaster',
      'barista',
      '咖啡',
      'カフェ',
      'コーヒー',
      'cafetería',
    ],
    icons: ['coffee', 'cup', 'mug'],
    colours: ['#6f4e37', '#c89b6d'],
  },
  {
    words: ['tea', 'teahouse', 'matcha', '茶', 'お茶', 'té'],
    icons: ['leaf', 'cup', 'plant'],
    colours: ['#3f6b3a', '#a7c957'],
  },
  {
    words: [
      'bakery',
      'bread',
      'pastry',
      'patisserie',
      'baker',
      '面包',
      '烘焙',
      'パン',
      'ベーカリー',
      'panadería',
      'pan',
      'pastelería',
    ],
    icons: ['bread', 'baguette', 'cake'],
    colours: ['#b5651d', '#f2c078'],
  },
  {
    words: [
      'cake',
      'dessert',
      'sweets',
      'candy',
      '蛋糕',
      '甜品',
      'ケーキ',
      'スイーツ',
      'pastel',
      'dulces',
    ],
    icons: ['cake', 'cookie', 'ice-cream'],
    colours: ['#d6336c', '#ffc9de'],
  },
  {
    words: [
      'restaurant',
      'food',
      'kitchen',
      'catering',
      'diner',
      'bistro',
      '餐厅',
      '餐饮',
      '美食',
      'レストラン',
      '料理',
      'restaurante',
      'comida',
      'cocina',
    ],
    icons: ['chef-hat', 'tools-kitchen-2', 'soup'],
    colours: ['#c0392b', '#f39c12'],
  },
  {
    words: ['pizza', 'pizzeria', '披萨', 'ピザ'],
    icons: ['pizza', 'chef-hat'],
    colours: ['#d35400', '#27ae60'],
  },
  {
    words: [
      'wine',
      'winery',
      'bar',
      'pub',
      'brewery',
      'beer',
      'cocktail',
      '酒',
      '酒吧',
      'ワイン',
      'バー',
      'vino',
      'cerveza',
    ],
    icons: ['glass-full', 'beer', 'bottle'],
    colours: ['#7b1e3a', '#d4a373'],
  },
  {
    words: [
      'tech',
      'technology',
      'software',
      'app',
      'saas',
      'ai',
      'data',
      'digital',
      'startup',
      'it',
      '科技',
      '软件',
      '技术',
      'テック',
      'ソフトウェア',
      'tecnología',
      'software',
    ],
    icons: ['cpu', 'code', 'cloud', 'device-laptop'],
    colours: ['#4c6ef5', '#15aabf'],
  },
  {
    words: [
      'finance',
      'bank',
      'investment',
      'accounting',
      'insurance',
      'fintech',
      '金融',
      '银行',
      '投资',
      '銀行',
      '金融',
      'finanzas',
      'banco',
    ],
    icons: ['building-bank', 'coin', 'chart-line'],
    colours: ['#0b3d91', '#2f9e44'],
  },
  {
    words: [
      'health',
      'medical',
      'clinic',
      'hospital',
      'care',
      'pharmacy',
      'doctor',
      '医疗',
      '健康',
      '医院',
      '診療所',
      '医療',
      'salud',
      'clínica',
    ],
    icons: ['heartbeat', 'stethoscope', 'first-aid-kit'],
    colours: ['#0c8599', '#e03131'],
  },
  {
    words: ['dental', 'dentist', 'teeth', '牙科', '歯科', 'dentista'],
    icons: ['dental', 'mood-smile'],
    colours: ['#1c7ed6', '#66d9e8'],
  },
  {
    words: [
      'fitness',
      'gym',
      'sport',
      'sports',
      'training',
      'crossfit',
      '健身',
      '运动',
      'ジム',
      'フィットネス',
      'gimnasio',
      'deporte',
    ],
    icons: ['barbell', 'run', 'trophy'],
    colours: ['#e8590c', '#212529'],
  },
  {
    words: ['yoga', 'meditation', 'wellness', 'spa', '瑜伽', 'ヨガ', 'bienestar'],
    icons: ['yoga', 'flower', 'leaf'],
    colours: ['#7950f2', '#f783ac'],
  },
  {
    words: [
      'beauty',
      'salon',
      'cosmetics',
      'makeup',
      'skincare',
      'hair',
      'barber',
      '美容',
      '美发',
      '化妆',
      'ビューティー',
      'サロン',
      'belleza',
      'peluquería',
    ],
    icons: ['sparkles', 'scissors', 'flower'],
    colours: ['#c2255c', '#f3d9fa'],
  },
  {
    words: [
      'fashion',
      'clothing',
      'apparel',
      'boutique',
      'tailor',
      '服装',
      '时尚',
      'ファッション',
      'moda',
      'ropa',
    ],
    icons: ['hanger', 'shirt', 'diamond'],
    colours: ['#212529', '#c9a227'],
  },
  {
    words: ['jewelry', 'jewellery', 'jeweler', 'gold', '珠宝', 'ジュエリー', 'joyería'],
    icons: ['diamond', 'crown'],
    colours: ['#5f3dc4', '#c9a227'],
  },
  {
    words: [
      'education',
      'school',
      'academy',
      'learning',
      'tutoring',
      'university',
      '教育',
      '学校',
      '培训',
      '教育',
      'スクール',
      'educación',
      'escuela',
      'academia',
    ],
    icons: ['school', 'book', 'pencil'],
    colours: ['#1864ab', '#fab005'],
  },
  {
    words: [
      'book',
      'books',
      'bookstore',
      'library',
      'publishing',
      '书店',
      '图书',
      '本屋',
      'librería',
      'libros',
    ],
    icons: ['book', 'books', 'feather'],
    colours: ['#5c3d2e', '#e9c46a'],
  },
  {
    words: [
      'travel',
      'tourism',
      'airline',
      'tour',
      'hotel',
      'trip',
      '旅行',
      '旅游',
      '酒店',
      'ホテル',
      'viajes',
      'turismo',
      'hotel',
    ],
    icons: ['plane', 'world', 'map-pin'],
    colours: ['#1098ad', '#ff922b'],
  },
  {
    words: [
      'real estate',
      'realty',
      'property',
      'home',
      'homes',
      'housing',
      'construction',
      'builder',
      'architecture',
      '房地产',
      '地产',
      '建筑',
      '不動産',
      '建設',
      'inmobiliaria',
      'construcción',
    ],
    icons: ['home', 'building', 'key'],
    colours: ['#2b8a3e', '#495057'],
  },
  {
    words: [
      'pet',
      'pets',
      'vet',
      'veterinary',
      'dog',
      'cat',
      'grooming',
      '宠物',
      '兽医',
      'ペット',
      'mascotas',
      'veterinaria',
    ],
    icons: ['paw', 'dog', 'cat'],
    colours: ['#f08c00', '#5c940d'],
  },
  {
    words: [
      'garden',
      'florist',
      'flower',
      'flowers',
      'plants',
      'landscaping',
      '花店',
      '花',
      '园艺',
      '花屋',
      'ガーデン',
      'jardín',
      'floristería',
      'flores',
    ],
    icons: ['flower', 'plant', 'seedling'],
    colours: ['#2f9e44', '#f06595'],
  },
  {
    words: [
      'eco',
      'green',
      'organic',
      'farm',
      'agriculture',
      'sustainable',
      'nature',
      '环保',
      '有机',
      '农场',
      'エコ',
      '農園',
      'ecológico',
      'granja',
      'orgánico',
    ],
    icons: ['leaf', 'seedling', 'plant-2'],
    colours: ['#2b8a3e', '#94d82d'],
  },
  {
    words: ['energy', 'solar', 'electric', 'power', '能源', '电力', 'エネルギー', 'energía'],
    icons: ['bolt', 'sun', 'solar-panel'],
    colours: ['#f59f00', '#1971c2'],
  },
  {
    words: [
      'music',
      'band',
      'studio',
      'records',
      'audio',
      'dj',
      'podcast',
      '音乐',
      '音楽',
      'música',
    ],
    icons: ['music', 'headphones', 'microphone'],
    colours: ['#862e9c', '#ff6b6b'],
  },
  {
    words: [
      'photo',
      'photography',
      'camera',
      'film',
      'video',
      'media',
      '摄影',
      '写真',
      'fotografía',
    ],
    icons: ['camera', 'aperture', 'movie'],
    colours: ['#343a40', '#fa5252'],
  },
  {
    words: ['game', 'games', 'gaming', 'esports', '游戏', 'ゲーム', 'juegos'],
    icons: ['device-gamepad-2', 'trophy', 'rocket'],
    colours: ['#6741d9', '#20c997'],
  },
  {
    words: [
      'car',
      'cars',
      'auto',
      'automotive',
      'garage',
      'mechanic',
      'motors',
      '汽车',
      '车',
      '自動車',
      'coches',
      'taller',
    ],
    icons: ['car', 'steering-wheel', 'engine'],
    colours: ['#c92a2a', '#343a40'],
  },
  {
    words: ['bike', 'bicycle', 'cycling', '自行车', '自転車', 'bicicleta'],
    icons: ['bike', 'mountain'],
    colours: ['#0ca678', '#343a40'],
  },
  {
    words: [
      'law',
      'legal',
      'lawyer',
      'attorney',
      'notary',
      '律师',
      '法律',
      '法律事務所',
      'abogados',
      'legal',
    ],
    icons: ['scale', 'gavel', 'building-bank'],
    colours: ['#1b2a4a', '#b08d57'],
  },
  {
    words: [
      'shop',
      'store',
      'retail',
      'market',
      'ecommerce',
      'e-commerce',
      'grocery',
      '商店',
      '电商',
      '超市',
      'ショップ',
      'tienda',
      'mercado',
    ],
    icons: ['shopping-bag', 'basket', 'building-store'],
    colours: ['#e64980', '#fd7e14'],
  },
  {
    words: [
      'design',
      'art',
      'creative',
      'agency',
      'marketing',
      'branding',
      'studio',
      '设计',
      '艺术',
      '创意',
      'デザイン',
      'アート',
      'diseño',
      'arte',
      'agencia',
    ],
    icons: ['palette', 'brush', 'pencil'],
    colours: ['#f03e3e', '#4263eb'],
  },
  {
    words: [
      'ocean',
      'sea',
      'surf',
      'marine',
      'boat',
      'sailing',
      'fishing',
      'seafood',
      '海',
      '海洋',
      '冲浪',
      'サーフ',
      'mar',
      'surf',
    ],
    icons: ['anchor', 'ripple', 'fish'],
    colours: ['#1864ab', '#3bc9db'],
  },
  {
    words: [
      'logistics',
      'delivery',
      'shipping',
      'transport',
      'moving',
      '物流',
      '快递',
      '運送',
      'logística',
      'envíos',
    ],
    icons: ['truck', 'package', 'box'],
    colours: ['#364fc7', '#fab005'],
  },
  {
    words: ['security', 'cyber', 'safety', 'protection', '安全', 'セキュリティ', 'seguridad'],
    icons: ['shield-check', 'lock', 'key'],
    colours: ['#0b7285', '#343a40'],
  },
  {
    words: [
      'kids',
      'baby',
      'children',
      'toys',
      'nursery',
      '儿童',
      '母婴',
      '玩具',
      'キッズ',
      'niños',
      'bebé',
      'juguetes',
    ],
    icons: ['baby-carriage', 'balloon', 'star'],
    colours: ['#f76707', '#4dabf7'],
  },
];

/** What a brand without an industry we recognise wears: calm ink and a warm accent. */
const defaultColours = ['#243b55', '#f4a261'] as const;

export type BrandMark = {
  /** The Tabler icon's name, or none when the brand's initials stand for it. */
  icon?: string;
  /** The icon's SVG elements on its 24-unit grid, drawn with a stroke. */
  body?: string;
  colours: readonly [string, string];
  /** The industry words that chose it, for the output's description. */
  matched?: string;
};

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The industry the text names first ("dental clinic" is a dentist's, not any clinic's), and
 * the word that named it. Latin words match whole (or as a phrase); CJK ones anywhere.
 */
function findIndustry(text: string): { industry: Industry; word: string } | undefined {
  const folded = ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  let best: { industry: Industry; word: string; at: number } | undefined;
  for (const industry of industries) {
    for (const word of industry.words) {
      const w = fold(word);
      const cjk = /[^\p{Script=Latin}\p{N}\s-]/u.test(w);
      const at = cjk ? folded.indexOf(w) : folded.indexOf(` ${w.replace(/-/g, ' ')} `);
      if (at >= 0 && (!best || at < best.at)) best = { industry, word, at };
    }
  }
  return best && { industry: best.industry, word: best.word };
}

const require = createRequire(import.meta.url);
const iconCache = new Map<string, string | undefined>();

/**
 * One Tabler icon's drawing: its SVG elements without the invisible 24×24 frame path each
 * file starts with, or undefined when the set has no icon of that name.
 */
export function readIcon(name: string): string | undefined {
  if (iconCache.has(name)) return iconCache.get(name);
  let body: string | undefined;
  try {
    const file = readFileSync(require.resolve(`@tabler/icons/outline/${name}.svg`), 'utf8');
    body = file
      .replace(/^[\s\S]*?<svg[^>]*>/, '')
      .replace(/<\/svg>\s*$/, '')
      .replace(/<path stroke="none" d="M0 0h24v24H0z" fill="none"\s*\/>/, '')
      .trim();
    if (/<script|href=/i.test(body)) body = undefined;
  } catch {
    body = undefined;
  }
  iconCache.set(name, body);
  return body;
}

/**
 * The mark for a brand: the industry named in its industry field (or, failing that, in the
 * prompt, slogan or name) picks the icons; `variant` walks through them, so several layouts
 * of one run show different marks. With no industry found the brand's initials are the mark.
 */
export function chooseMark(
  texts: { industry: string; prompt: string; slogan: string; brand: string },
  variant: number,
): BrandMark {
  const found =
    findIndustry(texts.industry) ??
    findIndustry(texts.prompt) ??
    findIndustry(texts.slogan) ??
    findIndustry(texts.brand);
  if (!found) return { colours: defaultColours };
  const icons = found.industry.icons.filter((name) => readIcon(name) !== undefined);
  const icon = icons[variant % Math.max(1, icons.length)];
  const body = icon ? readIcon(icon) : undefined;
  return {
    ...(icon && body ? { icon, body } : {}),
    colours: found.industry.colours,
    matched: found.word,
  };
}
