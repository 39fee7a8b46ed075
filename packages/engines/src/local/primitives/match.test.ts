import { describe, expect, it } from 'vitest';
import { primitiveIds } from './catalogue';
import { primitiveForPrompt } from './match';

describe('primitiveForPrompt', () => {
  it('finds English names as whole words, plurals and any case included', () => {
    expect(primitiveForPrompt('a ceramic teapot')).toBe('teapot');
    expect(primitiveForPrompt('Two red CHAIRS by the window')).toBe('chair');
    expect(primitiveForPrompt('old benches in a park')).toBe('bench');
    expect(primitiveForPrompt('a row of houses')).toBe('house');
    expect(primitiveForPrompt('a coffee mug, steam rising')).toBe('cup');
    expect(primitiveForPrompt('wooden boxes')).toBe('cube');
    // Inside another word a name does not count.
    expect(primitiveForPrompt('a cupcake on a carpet')).toBeUndefined();
    expect(primitiveForPrompt('treetop view of a scary forest')).toBeUndefined();
  });

  it('finds Spanish names with or without accents, singular or plural', () => {
    expect(primitiveForPrompt('una tetera de cerámica')).toBe('teapot');
    expect(primitiveForPrompt('árboles en otoño')).toBe('tree');
    expect(primitiveForPrompt('un arbol solitario')).toBe('tree');
    expect(primitiveForPrompt('dos sillas azules')).toBe('chair');
    expect(primitiveForPrompt('un coche rojo')).toBe('car');
    expect(primitiveForPrompt('un carro antiguo')).toBe('car');
    expect(primitiveForPrompt('una casa en la playa')).toBe('house');
    expect(primitiveForPrompt('una taza de café')).toBe('cup');
    expect(primitiveForPrompt('lámparas de papel')).toBe('lamp');
    expect(primitiveForPrompt('un castillo medieval')).toBe('castle');
  });

  it('finds Chinese names anywhere in the text', () => {
    expect(primitiveForPrompt('一个陶瓷茶壶')).toBe('teapot');
    expect(primitiveForPrompt('红色的汽车')).toBe('car');
    expect(primitiveForPrompt('一棵大树')).toBe('tree');
    expect(primitiveForPrompt('白色的杯子')).toBe('cup');
    expect(primitiveForPrompt('海边的房子')).toBe('house');
    expect(primitiveForPrompt('蓝色花瓶')).toBe('vase');
    expect(primitiveForPrompt('一个瓶子')).toBe('bottle');
    // Wood is not a tree, a bicycle is not a car.
    expect(primitiveForPrompt('木头椅子')).toBe('chair');
    expect(primitiveForPrompt('一把木椅子')).toBe('chair');
    expect(primitiveForPrompt('一个木杯子')).toBe('cup');
    expect(primitiveForPrompt('一辆自行车')).toBeUndefined();
  });

  it('finds Japanese names anywhere in the text', () => {
    expect(primitiveForPrompt('青いティーポット')).toBe('teapot');
    expect(primitiveForPrompt('古い急須')).toBe('teapot');
    expect(primitiveForPrompt('赤い車')).toBe('car');
    expect(primitiveForPrompt('自動車のおもちゃ')).toBe('car');
    expect(primitiveForPrompt('大きな木')).toBe('tree');
    expect(primitiveForPrompt('コーヒーカップ')).toBe('cup');
    // A wooden chair is a chair, a wheelchair too, and a painter's house is a house.
    expect(primitiveForPrompt('木製の椅子')).toBe('chair');
    expect(primitiveForPrompt('車椅子')).toBe('chair');
    expect(primitiveForPrompt('画家の家')).toBe('house');
    expect(primitiveForPrompt('自転車に乗る猫')).toBeUndefined();
  });

  it('takes the shape named first', () => {
    expect(primitiveForPrompt('a teapot on a table')).toBe('teapot');
    expect(primitiveForPrompt('a table with a teapot')).toBe('table');
    expect(primitiveForPrompt('桌子上的茶壶')).toBe('table');
    expect(primitiveForPrompt('ティーポットとテーブル')).toBe('teapot');
    expect(primitiveForPrompt('una silla junto a un árbol')).toBe('chair');
  });

  it('knows every shipped shape by its English name and names nothing else', () => {
    for (const id of primitiveIds)
      expect(primitiveForPrompt(`a small ${id}, studio light`)).toBe(id);
    expect(primitiveForPrompt('a glowing crystal spirit')).toBeUndefined();
    expect(primitiveForPrompt('')).toBeUndefined();
  });
});
