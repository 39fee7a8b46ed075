import type { Rgb } from '../color';
import { createKeywordFinder, type Names } from './keywords';

/** Material colours a prompt can ask for by name, in the four languages of the app. */
const colours = {
  red: {
    rgb: [196, 44, 40],
    words: ['red', 'crimson', 'scarlet', 'rojo', 'roja'],
    chars: ['红', '紅', '赤'],
  },
  orange: { rgb: [232, 118, 34], words: ['orange', 'naranja'], chars: ['橙', 'オレンジ'] },
  yellow: { rgb: [236, 196, 44], words: ['yellow', 'amarillo', 'amarilla'], chars: ['黄', '黃'] },
  gold: {
    rgb: [212, 168, 62],
    words: ['gold', 'golden', 'dorado', 'dorada', 'oro'],
    chars: ['金'],
  },
  green: { rgb: [62, 148, 72], words: ['green', 'emerald', 'verde'], chars: ['绿', '緑', '綠'] },
  blue: { rgb: [46, 92, 200], words: ['blue', 'azure', 'navy', 'azul'], chars: ['蓝', '藍', '青'] },
  purple: {
    rgb: [128, 62, 178],
    words: ['purple', 'violet', 'morado', 'morada', 'violeta'],
    chars: ['紫'],
  },
  pink: {
    rgb: [236, 122, 168],
    words: ['pink', 'rosa', 'rosado', 'rosada'],
    chars: ['粉', 'ピンク'],
  },
  white: { rgb: [236, 234, 228], words: ['white', 'blanco', 'blanca'], chars: ['白'] },
  black: { rgb: [42, 42, 48], words: ['black', 'negro', 'negra'], chars: ['黑', '黒'] },
  grey: { rgb: [128, 130, 136], words: ['grey', 'gray', 'gris'], chars: ['灰'] },
  // Wood is named as a material more often than as a colour: a wooden chair is brown.
  brown: {
    rgb: [122, 78, 46],
    words: ['brown', 'wood', 'wooden', 'marron', 'cafe', 'madera'],
    chars: ['棕', '褐', '茶色', '木製', '木制', '木头', '木質', '木造'],
  },
  silver: {
    rgb: [192, 196, 202],
    words: ['silver', 'plateado', 'plateada', 'plata'],
    chars: ['银', '銀'],
  },
} satisfies Record<string, Names & { rgb: Rgb }>;

type ColourName = keyof typeof colours;

/** Compounds holding a colour character that name no colour (dusk, metal, daytime…). */
const notColours = ['黄昏', '金属', '金屬', '白天', '青春', '红茶', '紅茶'];

const findColour = createKeywordFinder<ColourName>(colours, notColours);

/** The material colour the prompt names first ("a red car", "una silla azul", "白い急須"). */
export function colourForPrompt(prompt: string): Rgb | undefined {
  const name = findColour(prompt);
  return name ? colours[name].rgb : undefined;
}
