import { mixRgb, type Rgb } from '../color';
import type { Rng } from '../prng';
import type { Part } from './geometry';

/** The colours a primitive is painted with, taken from the prompt's palette. */
export type Materials = {
  /** The main material: what the prompt's colour words and style make the object of. */
  body: Rgb;
  /** A second colour for trim, spots and details. */
  trim: Rgb;
  /** The darkest colour: tyres, soil, shadows between parts. */
  dark: Rgb;
  /** The lightest colour: glass, lights, icing. */
  light: Rgb;
};

/**
 * A colour that belongs to the object whatever the prompt says (a tree's leaves, a tyre),
 * pulled a quarter of the way towards the palette so it sits in the same picture.
 */
export function natural(materials: Materials, colour: Rgb, pull = 0.25): Rgb {
  return mixRgb(colour, materials.body, pull);
}

export type PrimitiveFamily = {
  /** English name with its article, used as the output's description ("a teapot"). */
  label: string;
  /**
   * The camera's turn about the vertical axis that shows the shape best (radians, 0 looks
   * along −z at the object's +z side); the seed swings it a little either way.
   */
  yaw: number;
  /** Builds the shape; `rng` varies its proportions a little per seed. */
  build(materials: Materials, rng: Rng): Part[];
};
