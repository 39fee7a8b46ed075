import type { SubjectEntry } from './keyword-index';
import type { Pictogram } from './pictograms';

/**
 * Subjects prompts often name that no emoji draws, drawn here in the Noto set's manner (flat
 * shapes with a darker side, on its 128-unit grid) so they sit among its pictograms. Each has
 * its keywords in the four languages, as the emoji's come from Emojibase.
 */
type Drawn = { entry: SubjectEntry; pictogram: Pictogram };

const lighthouse: Drawn = {
  entry: {
    h: 'LUMEN-LIGHTHOUSE',
    g: 5,
    en: ['lighthouse', 'beacon'],
    es: ['faro'],
    zh: ['灯塔'],
    ja: ['灯台'],
  },
  pictogram: {
    width: 128,
    height: 128,
    body: [
      // Light beams, the lantern and its roof.
      '<path fill="#FFE082" opacity=".55" d="M64 22 L6 8 L6 36 Z M64 22 L122 8 L122 36 Z"/>',
      '<path fill="#37474F" d="M50 14 L64 4 L78 14 Z"/>',
      '<rect x="52" y="14" width="24" height="14" rx="2" fill="#FFD54F"/>',
      '<path fill="#FFB300" d="M64 14 h12 v14 h-12 z"/>',
      '<path fill="#37474F" d="M48 28 h32 v5 h-32 z"/>',
      // The tower, striped, with its shaded side.
      '<path fill="#FAFAFA" d="M53 33 L75 33 L84 112 L44 112 Z"/>',
      '<path fill="#E0E0E0" d="M64 33 L75 33 L84 112 L64 112 Z"/>',
      '<path fill="#E53935" d="M51.6 46 L76.4 46 L78 60 L50 60 Z M48.6 74 L79.4 74 L81 88 L47 88 Z"/>',
      '<path fill="#C62828" d="M64 46 L76.4 46 L78 60 L64 60 Z M64 74 L79.4 74 L81 88 L64 88 Z"/>',
      '<rect x="59" y="96" width="10" height="16" rx="5" fill="#5D4037"/>',
      // The rock it stands on.
      '<path fill="#78909C" d="M30 124 Q34 108 48 110 L80 110 Q96 108 100 124 Z"/>',
      '<path fill="#607D8B" d="M64 110 L80 110 Q96 108 100 124 L64 124 Z"/>',
    ].join(''),
  },
};

const windmill: Drawn = {
  entry: {
    h: 'LUMEN-WINDMILL',
    g: 5,
    en: ['windmill'],
    es: ['molino', 'molino de viento'],
    zh: ['风车'],
    ja: ['風車'],
  },
  pictogram: {
    width: 128,
    height: 128,
    body: [
      '<path fill="#8D6E63" d="M50 52 L78 52 L88 122 L40 122 Z"/>',
      '<path fill="#6D4C41" d="M64 52 L78 52 L88 122 L64 122 Z"/>',
      '<path fill="#5D4037" d="M44 54 L64 36 L84 54 Z"/>',
      '<rect x="58" y="100" width="12" height="22" rx="6" fill="#3E2723"/>',
      '<g transform="rotate(20 64 46)" fill="#ECEFF1" stroke="#90A4AE" stroke-width="2">',
      '<path d="M62 46 L58 4 L70 4 L66 46 Z"/><path d="M62 46 L58 88 L70 88 L66 46 Z"/>',
      '<path d="M64 44 L22 40 L22 52 L64 48 Z"/><path d="M64 44 L106 40 L106 52 L64 48 Z"/>',
      '</g>',
      '<circle cx="64" cy="46" r="5" fill="#37474F"/>',
    ].join(''),
  },
};

const drawn: readonly Drawn[] = [lighthouse, windmill];

/** Their keyword entries, indexed with the emoji's. */
export const drawnSubjectEntries: readonly SubjectEntry[] = drawn.map((d) => d.entry);

/** A drawn pictogram by its subject id, if it is one of these. */
export function findDrawnPictogram(id: string): Pictogram | undefined {
  return drawn.find((d) => d.entry.h === id)?.pictogram;
}
