/**
 * Reads an editing instruction in English, Spanish, Chinese or Japanese as a list of
 * operations the CPU can carry out faithfully (grades, crops, flips, rotations, and with a
 * cut-out model the background). Each operation has phrasings per language; the
 * instruction's words that match none of them, once filler words are set aside, are what
 * was not understood, and the caller says so.
 */

export type GradeId =
  | 'greyscale'
  | 'sepia'
  | 'warmer'
  | 'cooler'
  | 'brighter'
  | 'darker'
  | 'more_contrast'
  | 'less_contrast'
  | 'more_saturation'
  | 'less_saturation'
  | 'night'
  | 'sunset'
  | 'vintage';

export type EditOperation =
  | { id: GradeId }
  | { id: 'blur_background' }
  | { id: 'background_colour'; colour: string }
  | { id: 'crop'; ratio: [number, number] }
  | { id: 'flip_horizontal' }
  | { id: 'flip_vertical' }
  | { id: 'rotate'; degrees: 90 | 180 | 270 };

export type ParsedInstruction = {
  operations: EditOperation[];
  /** The words no operation accounts for, as written; empty when all was understood. */
  notUnderstood: string;
};

/** Pure colours a background can be set to, by name in the four languages. */
const colourNames: Array<[string, string]> = [
  ['#ffffff', 'white|blanco|blanca|白色|白'],
  ['#000000', 'black|negro|negra|黑色|黒色|黑|黒'],
  ['#d32f2f', 'red|rojo|roja|红色|紅色|赤色|红|紅|赤'],
  ['#388e3c', 'green|verde|绿色|綠色|緑色|绿|綠|緑'],
  ['#1e63c8', 'blue|azul|蓝色|藍色|青色|蓝|藍|青'],
  ['#f4c20d', 'yellow|amarillo|amarilla|黄色|黃色|黄|黃'],
  ['#808080', 'gr[ae]y|gris|灰色|グレー|灰'],
  ['#f48fb1', 'pink|rosa|rosado|rosada|粉色|粉红|ピンク|粉'],
  ['#7b1fa2', 'purple|violet|morado|morada|violeta|紫色|紫'],
  ['#f57c00', 'orange|naranja|橙色|オレンジ|橙'],
];
const colourPattern = `(#[0-9a-f]{6}|${colourNames.map(([, n]) => n).join('|')})`;

function colourOf(word: string): string {
  const w = word.toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(w)) return w;
  for (const [hex, names] of colourNames) {
    if (new RegExp(`^(?:${names})$`, 'u').test(w)) return hex;
  }
  return '#ffffff';
}

type Rule = { pattern: RegExp; make: (m: RegExpExecArray) => EditOperation | undefined };

/** Latin words need word boundaries; CJK has none, so its patterns match anywhere. */
const latin = (source: string) => new RegExp(`(?<![\\p{L}\\d])(?:${source})(?![\\p{L}])`, 'giu');
const cjk = (source: string) => new RegExp(source, 'gu');
const grade = (id: GradeId) => () => ({ id });

function cropRatio(word: string | undefined): [number, number] | undefined {
  if (!word) return undefined;
  const m = /(\d+)\s*[:x×：]\s*(\d+)/u.exec(word);
  if (m) {
    const w = Number(m[1]);
    const h = Number(m[2]);
    return w > 0 && h > 0 && w / h <= 4 && h / w <= 4 ? [w, h] : undefined;
  }
  return [1, 1];
}

const ratio = String.raw`\d+\s*[:x×：]\s*\d+`;
const square = String.raw`square|cuadrad[oa]|正方形|方形|スクエア`;

/**
 * Most specific first: an earlier rule claims its words, so "black and white" is a grade
 * before "black" can be a background colour, and "blur the background" before "background".
 */
const rules: Rule[] = [
  // Background (needs the cut-out).
  {
    pattern: latin(
      String.raw`blur(?:red|ry)?\s+(?:the\s+)?(?:background|backdrop|bg)|(?:background|backdrop)\s+blur(?:red)?|bokeh|(?:desenfoca(?:r)?|difumina(?:r)?)\s+(?:el\s+)?fondo|fondo\s+(?:desenfocado|difuminado)`,
    ),
    make: () => ({ id: 'blur_background' }),
  },
  {
    pattern: cjk('背景模糊|模糊背景|虚化背景|背景虚化|虛化背景|背景虛化|背景をぼかし?|背景ぼかし'),
    make: () => ({ id: 'blur_background' }),
  },
  {
    pattern: latin(
      String.raw`(?:make\s+(?:the\s+)?|change\s+(?:the\s+)?|set\s+(?:the\s+)?|replace\s+(?:the\s+)?)?(?:background|backdrop|bg)(?:\s+colou?r)?\s+(?:to\s+|with\s+|in\s+|is\s+)?(?:a\s+|an\s+|plain\s+|solid\s+)*${colourPattern}|${colourPattern}\s+(?:background|backdrop)|(?:cambia(?:r)?\s+|pon(?:er)?\s+)?(?:el\s+)?fondo\s+(?:de\s+colou?r\s+|a\s+|en\s+|de\s+)?${colourPattern}`,
    ),
    make: (m) => ({ id: 'background_colour', colour: colourOf(m[1] ?? m[2] ?? m[3] ?? '') }),
  },
  {
    pattern: cjk(
      `${colourPattern}色?(?:的|の)?背景|背景(?:を|换成|換成|改成|变成|變成|改为|改為|设为|設為|为|為|用)?${colourPattern}(?:色)?(?:に)?`,
    ),
    make: (m) => ({ id: 'background_colour', colour: colourOf(m[1] ?? m[2] ?? '') }),
  },
  // Grades.
  {
    pattern: latin(
      String.raw`black[\s-]*(?:and|&)[\s-]*white|b\s*&\s*w|gr[ae]y\s*scale|monochrome?|blanco\s+y\s+negro|escala\s+de\s+grises|monocrom[aá]tic[oa]|sin\s+colou?r`,
    ),
    make: grade('greyscale'),
  },
  {
    pattern: cjk('黑白|黒白|白黒|灰度|单色|單色|去色|モノクロ|グレースケール'),
    make: grade('greyscale'),
  },
  { pattern: latin('sepia'), make: grade('sepia') },
  { pattern: cjk('棕褐色|褐色调|セピア'), make: grade('sepia') },
  {
    pattern: latin(
      String.raw`vintage|retro|old[\s-]fashioned|old\s+photo(?:graph)?|antigu[oa]|foto\s+antigua|envejecid[oa]`,
    ),
    make: grade('vintage'),
  },
  {
    pattern: cjk(
      '复古|復古|怀旧|懷舊|老照片|胶片感|膠片感|レトロ|ヴィンテージ|ビンテージ|古い写真|昔の写真',
    ),
    make: grade('vintage'),
  },
  {
    pattern: latin(String.raw`night(?:time)?|nocturnal|moonlit|noche|nocturn[oa]`),
    make: grade('night'),
  },
  { pattern: cjk('夜晚|夜景|夜间|夜間|晚上|黑夜|夜里|夜裡|夜に|夜'), make: grade('night') },
  {
    pattern: latin(
      String.raw`sunset|golden\s+hour|dusk|sundown|atardecer|puesta\s+de(?:l)?\s+sol|hora\s+dorada|ocaso`,
    ),
    make: grade('sunset'),
  },
  {
    pattern: cjk(
      '日落|夕阳|夕陽|黄昏|黃昏|黄金时刻|黃金時刻|傍晚|夕焼け|夕日|日没|夕暮れ|ゴールデンアワー',
    ),
    make: grade('sunset'),
  },
  {
    pattern: latin(
      String.raw`(?:less|lower|reduce|decrease|soft(?:er)?|low)\s+(?:the\s+)?contrast|menos\s+contraste|(?:reduce|reducir|baja|bajar)\s+(?:el\s+)?contraste`,
    ),
    make: grade('less_contrast'),
  },
  {
    pattern: cjk(
      '降低对比度|减少对比度|降低對比度|減少對比度|低对比|低對比|コントラストを(?:下げ|弱く|低く)',
    ),
    make: grade('less_contrast'),
  },
  {
    pattern: latin(
      String.raw`(?:(?:more|higher|increase|boost|add|strong(?:er)?|high)\s+(?:the\s+)?)?contrast(?:\s+up)?|(?:m[aá]s|aumenta(?:r)?\s+(?:el\s+)?)?contraste`,
    ),
    make: grade('more_contrast'),
  },
  {
    pattern: cjk(
      '(?:增加|提高|增强|增強|加强|加強)?(?:对比度|對比度|对比|對比)|コントラスト(?:を(?:上げ|強く|高く))?',
    ),
    make: grade('more_contrast'),
  },
  {
    pattern: latin(
      String.raw`(?:less|lower|reduce|decrease)\s+(?:the\s+)?(?:saturation|saturated|colou?rs?|colou?rful)|desaturat\w*|muted|washed[\s-]out|menos\s+(?:saturad[oa]|saturaci[oó]n|colou?r)|desatura\w*|apagad[oa]`,
    ),
    make: grade('less_saturation'),
  },
  {
    pattern: cjk(
      '降低饱和度|减少饱和度|降低飽和度|減少飽和度|低饱和|低飽和|彩度を(?:下げ|低く)|くすませ',
    ),
    make: grade('less_saturation'),
  },
  {
    pattern: latin(
      String.raw`(?:(?:more|increase|boost|higher|add)\s+(?:the\s+)?)?(?:saturation|saturated|vivid|vibrant|colou?rful)|saturate|(?:m[aá]s\s+)?(?:saturad[oa]|saturaci[oó]n|vivos?|vivas?|vibrantes?)|satura(?:r)?`,
    ),
    make: grade('more_saturation'),
  },
  {
    pattern: cjk(
      '(?:增加|提高)?(?:饱和度|飽和度)|更鲜艳|更鮮豔|鲜艳|鮮豔|彩度を(?:上げ|高く)|鮮やか',
    ),
    make: grade('more_saturation'),
  },
  {
    pattern: latin(String.raw`warm(?:er|th)?|m[aá]s\s+c[aá]lid[oa]|c[aá]lid[oa]|calidez`),
    make: grade('warmer'),
  },
  {
    pattern: cjk('暖色调?|更暖|暖一点|暖一點|温暖|溫暖|暖调|暖調|暖かく|暖色|温かみ|あたたかく'),
    make: grade('warmer'),
  },
  {
    pattern: latin(String.raw`cool(?:er)?|cold(?:er)?|m[aá]s\s+fr[ií][oa]|fr[ií][oa]`),
    make: grade('cooler'),
  },
  {
    pattern: cjk('冷色调?|更冷|冷一点|冷一點|冷调|冷調|清冷|冷たく|寒色|涼しげ'),
    make: grade('cooler'),
  },
  {
    pattern: latin(
      String.raw`bright(?:er|en)?|light(?:er|en)|(?:increase|raise|more)\s+(?:the\s+)?brightness|m[aá]s\s+(?:brillante|clar[oa]|luminos[oa])|ilumina(?:r)?|aclara(?:r)?|brillo`,
    ),
    make: grade('brighter'),
  },
  {
    pattern: cjk('更亮|亮一点|亮一點|提亮|调亮|調亮|变亮|變亮|明亮|明るく|明るさを上げ'),
    make: grade('brighter'),
  },
  {
    pattern: latin(
      String.raw`dark(?:er|en)?|dimmer|dim|(?:lower|reduce|decrease)\s+(?:the\s+)?brightness|m[aá]s\s+oscur[oa]|oscurec\w*|oscur[oa]`,
    ),
    make: grade('darker'),
  },
  {
    pattern: cjk('更暗|暗一点|暗一點|调暗|調暗|变暗|變暗|压暗|壓暗|暗く|明るさを下げ'),
    make: grade('darker'),
  },
  // Geometry.
  {
    pattern: latin(
      String.raw`(?:crop(?:ped)?|trim|cut)\s+(?:it\s+|the\s+(?:image|photo|picture)\s+)?(?:to\s+|into\s+|as\s+)?(?:an?\s+)?(${ratio}|${square})|(?:recorta(?:r)?|recortad[oa])\s+(?:la\s+(?:imagen|foto)\s+)?(?:a\s+|en\s+|al?\s+)?(?:formato\s+)?(${ratio}|${square})|(?:make\s+it|in|to|a)\s+(${ratio})|(${ratio})|(${square})`,
    ),
    make: (m) => {
      const r = cropRatio(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5]);
      return r ? { id: 'crop', ratio: r } : undefined;
    },
  },
  {
    pattern: cjk(
      `(?:裁剪|裁切|剪裁|裁成|切成|切り抜き|トリミング)?(?:成|为|為|到)?(${ratio}|${square})(?:に)?(?:裁剪|裁切|切り抜き|トリミング)?`,
    ),
    make: (m) => {
      const r = cropRatio(m[1]);
      return r ? { id: 'crop', ratio: r } : undefined;
    },
  },
  {
    pattern: latin(String.raw`upside[\s-]down|boca\s+abajo`),
    make: () => ({ id: 'rotate', degrees: 180 }),
  },
  { pattern: cjk('倒过来|倒過來|颠倒|顛倒|逆さま'), make: () => ({ id: 'rotate', degrees: 180 }) },
  {
    pattern: latin(
      String.raw`flip(?:ped)?\s+(?:it\s+)?vertical(?:ly)?|vertical(?:ly)?\s+flip|voltea(?:r)?\s+(?:la\s+imagen\s+)?verticalmente`,
    ),
    make: () => ({ id: 'flip_vertical' }),
  },
  {
    pattern: cjk('垂直翻转|垂直翻轉|上下翻转|上下翻轉|上下反転'),
    make: () => ({ id: 'flip_vertical' }),
  },
  {
    pattern: latin(
      String.raw`flip(?:ped)?(?:\s+(?:it\s+)?horizontal(?:ly)?)?|mirror(?:ed)?|voltea(?:r)?(?:\s+(?:la\s+imagen\s+)?horizontalmente)?|espejo|refleja(?:r)?`,
    ),
    make: () => ({ id: 'flip_horizontal' }),
  },
  {
    pattern: cjk('水平翻转|水平翻轉|左右翻转|左右翻轉|镜像|鏡像|翻转|翻轉|左右反転|反転|ミラー'),
    make: () => ({ id: 'flip_horizontal' }),
  },
  {
    pattern: latin(
      String.raw`(?:rotate[ds]?|gira(?:r)?|rota(?:r)?)(?:\s+(?:it\s+|la\s+(?:imagen|foto)\s+)?(?:by\s+)?(?:(\d+)\s*(?:°|degrees?|grados)?\s*)?(?:to\s+the\s+|a\s+la\s+|hacia\s+la\s+)?(left|right|clockwise|counter-?clockwise|anti-?clockwise|izquierda|derecha)?)?|turn\s+(?:it\s+)?(?:by\s+)?(\d+)\s*(?:°|degrees?)\s*(?:to\s+the\s+)?(left|right|clockwise|counter-?clockwise|anti-?clockwise)?|turn\s+(?:it\s+)?(?:to\s+the\s+)?(left|right)`,
    ),
    make: (m) => rotation(m[1] ?? m[3], m[2] ?? m[4] ?? m[5]),
  },
  {
    pattern: cjk(
      '(向左|向右|逆时针|逆時針|顺时针|順時針|左に|右に)?(?:(\\d+)度?)?(?:旋转|旋轉|回転)(?:させ)?(?:(\\d+)度?)?',
    ),
    make: (m) => rotation(m[2] ?? m[3], m[1]),
  },
];

function rotation(
  amount: string | undefined,
  direction: string | undefined,
): EditOperation | undefined {
  const turn = amount ? Number(amount) : 90;
  if (![90, 180, 270].includes(turn)) return undefined;
  const left = /left|counter|anti|izquierda|向左|逆|左に/u.test(direction ?? '');
  const degrees = left ? (360 - turn) % 360 : turn;
  return { id: 'rotate', degrees: degrees as 90 | 180 | 270 };
}

/** Words that carry no operation of their own: articles, "make it", "please", particles. */
const fillers = [
  latin(
    String.raw`and|then|also|please|make|made|it|its|the|a|an|to|more|bit|little|slightly|very|much|lot|image|photo|picture|pic|look|looks|like|feel|with|some|too|give|apply|effect|filter|style|tone|turn|into|set|change|by|of|in|me|can|you|i|want|would|plus|y|luego|tambi[eé]n|por|favor|hazlo|hazla|haz|que|la|el|los|las|un|una|uno|m[aá]s|poco|muy|imagen|foto|con|al|de|del|en|efecto|estilo|tono|ponle|pon|dale|convierte|cambia|se|vea|sea|quiero|le|lo`,
  ),
  cjk(
    '感觉|感覺|氛围|氛圍|风格|風格|风|っぽく|みたい|ような|な|把|让|讓|使|将|將|图片|圖片|照片|图像|圖像|然后|然後|並|并|和|还有|還有|请|請|一点|一點|一些|更加|更|再|变得|變得|变成|變成|改成|效果|风格|風格|的|了|给|給|加上|加|做|成|它|稍微|有点|有點|点|點|些|要|我|帮|幫|写真|画像|を|に|と|の|は|が|して|ください|て|で|し|も|する|少し|もっと|より|感じ|風|そして|それから|ちょっと|変え|変更|加え|にする|くだ|さい',
  ),
];

/** Reads an instruction into operations, in the order the instruction names them. */
export function parseInstruction(instruction: string): ParsedInstruction {
  const text = instruction.normalize('NFKC');
  const claimed = new Uint8Array(text.length);
  const found: Array<{ at: number; op: EditOperation }> = [];
  for (const rule of rules) {
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(text); m; m = rule.pattern.exec(text)) {
      if (m[0].length === 0) {
        rule.pattern.lastIndex++;
        continue;
      }
      const start = m.index;
      const end = start + m[0].length;
      if (claimed.subarray(start, end).some((c) => c === 1)) continue;
      const op = rule.make(m);
      if (!op) continue;
      claimed.fill(1, start, end);
      found.push({ at: start, op });
    }
  }
  found.sort((a, b) => a.at - b.at);
  let rest = text
    .split('')
    .map((ch, i) => (claimed[i] ? ' ' : ch))
    .join('');
  for (const filler of fillers) rest = rest.replace(filler, ' ');
  const notUnderstood = rest
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(
      (w) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(w) || w.length > 1,
    )
    .join(' ');
  // One operation named twice ("warmer, warmer") is applied once.
  const operations: EditOperation[] = [];
  for (const { op } of found) {
    if (!operations.some((o) => JSON.stringify(o) === JSON.stringify(op))) operations.push(op);
  }
  return { operations, notUnderstood };
}
