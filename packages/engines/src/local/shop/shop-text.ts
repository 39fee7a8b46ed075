import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { ShopFont } from '@lumen/contracts/ecommerce';

const require = createRequire(import.meta.url);

type FontFile = { pkg: string; file: string; family: string };

/**
 * The shipped typefaces: open fonts (OFL) from npm, as TTF because the text renderer loads
 * no WOFF. Each face has a regular and a bold file; `cjk` also covers the CJK lines of every
 * other face, whose files have no CJK glyphs.
 */
const fontFiles: Record<ShopFont, { regular: FontFile; bold: FontFile }> = {
  sans: {
    regular: {
      pkg: '@expo-google-fonts/inter',
      file: '400Regular/Inter_400Regular.ttf',
      family: 'Inter',
    },
    bold: {
      pkg: '@expo-google-fonts/inter',
      file: '700Bold/Inter_700Bold.ttf',
      family: 'Inter Bold',
    },
  },
  serif: {
    regular: {
      pkg: '@expo-google-fonts/playfair-display',
      file: '400Regular/PlayfairDisplay_400Regular.ttf',
      family: 'Playfair Display',
    },
    bold: {
      pkg: '@expo-google-fonts/playfair-display',
      file: '700Bold/PlayfairDisplay_700Bold.ttf',
      family: 'Playfair Display Bold',
    },
  },
  display: {
    regular: {
      pkg: '@expo-google-fonts/bebas-neue',
      file: '400Regular/BebasNeue_400Regular.ttf',
      family: 'Bebas Neue',
    },
    bold: {
      pkg: '@expo-google-fonts/bebas-neue',
      file: '400Regular/BebasNeue_400Regular.ttf',
      family: 'Bebas Neue',
    },
  },
  cjk: {
    regular: {
      pkg: '@expo-google-fonts/noto-sans-sc',
      file: '400Regular/NotoSansSC_400Regular.ttf',
      family: 'Noto Sans SC',
    },
    bold: {
      pkg: '@expo-google-fonts/noto-sans-sc',
      file: '700Bold/NotoSansSC_700Bold.ttf',
      family: 'Noto Sans SC Bold',
    },
  },
};

function fontPath(font: FontFile): string {
  return join(dirname(require.resolve(`${font.pkg}/package.json`)), font.file);
}

/** Han, kana, hangul and their punctuation: drawn with the CJK face whatever the template says. */
const CJK = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]/;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export type TextLayerStyle = {
  font: ShopFont;
  bold?: boolean;
  /** Cap height in px is about 0.7 of this. */
  sizePx: number;
  color: string;
  /** Lines wrap at this width, px. */
  maxWidth?: number;
  align?: 'left' | 'centre';
};

export type RenderedText = { bytes: Buffer; width: number; height: number };

/**
 * One text layer as a transparent PNG, in the face's own file (fontconfig never sees the
 * system's fonts for it, so the picture looks the same on every machine). Empty text → none.
 */
export async function renderTextLayer(
  text: string,
  style: TextLayerStyle,
): Promise<RenderedText | undefined> {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const face = fontFiles[hasCjk(trimmed) ? 'cjk' : style.font][style.bold ? 'bold' : 'regular'];
  const size = Math.max(6, Math.round(style.sizePx));
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${style.color}">${escapeMarkup(trimmed)}</span>`,
      font: `${face.family} ${size}`,
      fontfile: fontPath(face),
      rgba: true,
      dpi: 72,
      ...(style.maxWidth ? { width: Math.max(8, Math.round(style.maxWidth)), wrap: 'word' } : {}),
      ...(style.align === 'centre' ? { align: 'centre' } : {}),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** The largest size (down to `min`) at which the text fits `maxWidth` on one line. */
export async function fitTextLayer(
  text: string,
  style: TextLayerStyle & { maxWidth: number },
  min: number,
): Promise<RenderedText | undefined> {
  let size = style.sizePx;
  for (;;) {
    const { maxWidth: _width, ...oneLine } = style;
    const made = await renderTextLayer(text, { ...oneLine, sizePx: size });
    if (!made || made.width <= style.maxWidth || size <= min) {
      return made && made.width > style.maxWidth
        ? renderTextLayer(text, { ...style, sizePx: size })
        : made;
    }
    size = Math.max(min, Math.floor(size * 0.88));
  }
}
