import type { Mesh } from '../mesh';
import { createRng } from '../prng';
import { castle, house, tower } from './buildings';
import { bench, chair, table } from './furniture';
import { toMesh } from './geometry';
import { mushroom, tree } from './nature';
import type { Materials, PrimitiveFamily } from './primitive';
import { ball, cube, donut } from './solids';
import { car, rocket } from './vehicles';
import { bottle, bowl, cup, lamp, teapot, vase } from './vessels';

/** Every shape the preview engine can build instead of a blob, by id. */
export const primitives = {
  teapot,
  cup,
  chair,
  table,
  car,
  house,
  tree,
  vase,
  bottle,
  lamp,
  rocket,
  mushroom,
  donut,
  ball,
  cube,
  bowl,
  bench,
  tower,
  castle,
} satisfies Record<string, PrimitiveFamily>;

export type PrimitiveId = keyof typeof primitives;

export const primitiveIds = Object.keys(primitives) as PrimitiveId[];

export type BuiltPrimitive = { mesh: Mesh; label: string; yaw: number };

/** Builds a primitive's mesh; the same id, materials and seed always give the same bytes. */
export function buildPrimitive(
  id: PrimitiveId,
  materials: Materials,
  seed: number,
): BuiltPrimitive {
  const family: PrimitiveFamily = primitives[id];
  const mesh = toMesh(family.build(materials, createRng(seed)));
  return { mesh, label: family.label, yaw: family.yaw };
}
