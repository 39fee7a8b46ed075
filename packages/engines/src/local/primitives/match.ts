import type { PrimitiveId } from './catalogue';
import { createKeywordFinder, type Names } from './keywords';

/** The words that name each primitive in English, Spanish, Chinese and Japanese. */
const vocabulary: Record<PrimitiveId, Names> = {
  teapot: {
    words: ['teapot', 'tea pot', 'tea kettle', 'tetera'],
    chars: ['茶壶', '茶壺', 'ティーポット', '急須'],
  },
  cup: {
    words: ['cup', 'teacup', 'mug', 'taza', 'tacita'],
    chars: ['杯', 'カップ', 'マグ', 'コップ', '湯呑', '湯飲み'],
  },
  chair: {
    words: ['chair', 'armchair', 'stool', 'silla', 'sillon', 'taburete'],
    chars: ['椅子', '凳子', 'いす', 'イス', 'チェア', '車椅子'],
  },
  table: {
    words: ['table', 'desk', 'mesa', 'escritorio'],
    chars: ['桌', 'テーブル', '机'],
  },
  car: {
    words: ['car', 'automobile', 'sedan', 'taxi', 'coche', 'carro', 'auto', 'automovil'],
    chars: ['汽车', '轿车', '车', '車', '自動車', 'クルマ'],
  },
  house: {
    words: ['house', 'home', 'cottage', 'cabin', 'hut', 'casa', 'cabana', 'casita'],
    chars: ['房子', '房屋', '小屋', '别墅', '家', '住宅', 'ハウス'],
  },
  tree: {
    words: ['tree', 'pine', 'oak', 'fir', 'arbol', 'pino', 'roble'],
    chars: ['树', '樹', '木', 'ツリー'],
  },
  vase: { words: ['vase', 'jarron', 'florero'], chars: ['花瓶'] },
  bottle: { words: ['bottle', 'botella'], chars: ['瓶', 'ボトル'] },
  lamp: { words: ['lamp', 'lampara'], chars: ['灯', 'ランプ'] },
  rocket: { words: ['rocket', 'spaceship', 'cohete'], chars: ['火箭', 'ロケット'] },
  mushroom: {
    words: ['mushroom', 'toadstool', 'seta', 'hongo', 'champinon'],
    chars: ['蘑菇', 'キノコ', 'きのこ', '茸'],
  },
  donut: {
    words: ['donut', 'doughnut', 'torus', 'dona', 'rosquilla'],
    chars: ['甜甜圈', 'ドーナツ'],
  },
  ball: {
    words: ['ball', 'sphere', 'orb', 'pelota', 'bola', 'esfera', 'balon'],
    chars: ['球', 'ボール'],
  },
  cube: {
    words: ['cube', 'box', 'crate', 'cubo', 'caja'],
    chars: ['立方体', '方块', '盒子', '箱', 'キューブ'],
  },
  bowl: { words: ['bowl', 'cuenco', 'bol', 'tazon'], chars: ['碗', 'ボウル', '鉢'] },
  bench: { words: ['bench', 'banco', 'banca'], chars: ['长椅', '長椅子', 'ベンチ'] },
  tower: { words: ['tower', 'lighthouse', 'torre', 'faro'], chars: ['塔', 'タワー'] },
  castle: { words: ['castle', 'fortress', 'castillo', 'fortaleza'], chars: ['城堡', '城'] },
};

/**
 * Compounds that contain a shape's character but name something else (a writer is not a
 * house, wooden is not a tree, a bicycle is not a car). They are blanked out before matching.
 */
const notShapes = [
  '自行车',
  '单车',
  '火车',
  '摩托车',
  '自転車',
  '電車',
  '飞机',
  '手机',
  '机器',
  '相机',
  '机械',
  '作家',
  '画家',
  '家族',
  '家具',
  '国家',
  '専門家',
  '家電',
  '木製',
  '木造',
  '木目',
  '木材',
  '木彫',
  '積み木',
  '木头',
  '木制',
  '木质',
  '城市',
  '世界杯',
  '灯光',
];

/**
 * The primitive a prompt names, or undefined when it names none. When it names several, the
 * one named first wins ("a teapot on a table" is a teapot); at the same position the longer
 * name wins, so 車椅子 (wheelchair) is a chair, not a car.
 */
export const primitiveForPrompt = createKeywordFinder(vocabulary, notShapes);
