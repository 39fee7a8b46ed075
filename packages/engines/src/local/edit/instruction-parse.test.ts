import { describe, expect, it } from 'vitest';
import { parseInstruction } from './instruction-parse';

const ids = (text: string) => parseInstruction(text).operations.map((o) => o.id);

describe('parseInstruction', () => {
  it.each([
    // English
    ['make it black and white', ['greyscale']],
    ['Sepia please', ['sepia']],
    ['a bit warmer', ['warmer']],
    ['make it cooler', ['cooler']],
    ['brighter', ['brighter']],
    ['darken the photo', ['darker']],
    ['more contrast', ['more_contrast']],
    ['less contrast', ['less_contrast']],
    ['more saturation', ['more_saturation']],
    ['make it less saturated', ['less_saturation']],
    ['make it night', ['night']],
    ['golden hour', ['sunset']],
    ['vintage look', ['vintage']],
    ['blur the background', ['blur_background']],
    ['replace the background with white', ['background_colour']],
    ['crop to square', ['crop']],
    ['make it 16:9', ['crop']],
    ['flip it', ['flip_horizontal']],
    ['flip vertically', ['flip_vertical']],
    ['rotate 90 degrees to the left', ['rotate']],
    ['make it night and crop to square', ['night', 'crop']],
    // Spanish
    ['hazlo en blanco y negro', ['greyscale']],
    ['más cálido', ['warmer']],
    ['más frío', ['cooler']],
    ['más brillante', ['brighter']],
    ['más oscuro', ['darker']],
    ['más contraste', ['more_contrast']],
    ['menos saturación', ['less_saturation']],
    ['de noche', ['night']],
    ['atardecer', ['sunset']],
    ['estilo vintage', ['vintage']],
    ['desenfoca el fondo', ['blur_background']],
    ['fondo azul', ['background_colour']],
    ['recorta a cuadrado', ['crop']],
    ['voltea la imagen', ['flip_horizontal']],
    ['gira 180 grados', ['rotate']],
    // Chinese
    ['变成黑白', ['greyscale']],
    ['暖色调一点', ['warmer']],
    ['冷一点', ['cooler']],
    ['提亮', ['brighter']],
    ['调暗', ['darker']],
    ['增加对比度', ['more_contrast']],
    ['降低饱和度', ['less_saturation']],
    ['变成夜晚', ['night']],
    ['黄昏的感觉', ['sunset']],
    ['复古风格', ['vintage']],
    ['背景模糊', ['blur_background']],
    ['背景换成白色', ['background_colour']],
    ['裁剪成正方形', ['crop']],
    ['水平翻转', ['flip_horizontal']],
    ['旋转90度', ['rotate']],
    ['变成黑白然后裁剪成16:9', ['greyscale', 'crop']],
    // Japanese
    ['白黒にして', ['greyscale']],
    ['セピアにして', ['sepia']],
    ['暖かくして', ['warmer']],
    ['明るくして', ['brighter']],
    ['暗くして', ['darker']],
    ['コントラストを上げて', ['more_contrast']],
    ['彩度を下げて', ['less_saturation']],
    ['夜にして', ['night']],
    ['夕焼けにして', ['sunset']],
    ['レトロな感じ', ['vintage']],
    ['背景をぼかして', ['blur_background']],
    ['背景を青に', ['background_colour']],
    ['正方形に切り抜き', ['crop']],
    ['左右反転', ['flip_horizontal']],
    ['90度回転', ['rotate']],
  ])('%s → %j', (text, expected) => {
    const parsed = parseInstruction(text);
    expect(parsed.operations.map((o) => o.id)).toEqual(expected);
    expect(parsed.notUnderstood).toBe('');
  });

  it('reads the parameters: colour, ratio, turn', () => {
    expect(parseInstruction('replace the background with white').operations).toEqual([
      { id: 'background_colour', colour: '#ffffff' },
    ]);
    expect(parseInstruction('背景换成黑色').operations).toEqual([
      { id: 'background_colour', colour: '#000000' },
    ]);
    expect(parseInstruction('fondo #12ab34').operations).toEqual([
      { id: 'background_colour', colour: '#12ab34' },
    ]);
    expect(parseInstruction('make it 16:9').operations).toEqual([{ id: 'crop', ratio: [16, 9] }]);
    expect(parseInstruction('正方形に切り抜き').operations).toEqual([
      { id: 'crop', ratio: [1, 1] },
    ]);
    expect(parseInstruction('rotate 90 degrees to the left').operations).toEqual([
      { id: 'rotate', degrees: 270 },
    ]);
    expect(parseInstruction('rotate').operations).toEqual([{ id: 'rotate', degrees: 90 }]);
    expect(parseInstruction('upside down').operations).toEqual([{ id: 'rotate', degrees: 180 }]);
  });

  it('keeps the order the instruction gives', () => {
    expect(ids('crop to square, then sepia, then flip')).toEqual([
      'crop',
      'sepia',
      'flip_horizontal',
    ]);
    expect(ids('flip, then crop to square, then sepia')).toEqual([
      'flip_horizontal',
      'crop',
      'sepia',
    ]);
  });

  it('reads "black and white" as a grade, not a black background', () => {
    expect(ids('black and white with a white background')).toEqual([
      'greyscale',
      'background_colour',
    ]);
  });

  it.each([
    ['add a hat to the cat', 'hat cat'],
    ['make it warmer and add a dragon', 'dragon'],
    ['pon un sombrero', 'sombrero'],
    ['加一只猫', '只猫'],
    ['猫を追加して', '猫'],
  ])('says what it did not understand in %s', (text, rest) => {
    const parsed = parseInstruction(text);
    expect(parsed.notUnderstood).toContain(rest.split(' ')[0]);
  });
});
