import { place, type Part } from './geometry';
import { box } from './geometry-flat';
import { sphere, torus } from './geometry-round';
import { natural, type PrimitiveFamily } from './primitive';

const dough = [214, 160, 96] as const;
const icing = [240, 150, 190] as const;

export const donut: PrimitiveFamily = {
  label: 'a donut',
  yaw: 0,
  build: (m, rng) => {
    const [R, r] = [1, rng.range(0.42, 0.5)];
    const parts: Part[] = [
      { geometry: torus(R, r, Math.PI * 2, 56, 24), colour: natural(m, dough, 0.15) },
      // The icing is a slightly fatter torus squashed onto the top half.
      {
        geometry: place(torus(R, r * 1.04, Math.PI * 2, 56, 24), {
          at: [0, r * 0.3, 0],
          scale: [1, 0.72, 1],
        }),
        colour: natural(m, icing, 0.45),
      },
    ];
    return parts.map((p) => ({ ...p, geometry: place(p.geometry, { rotate: [0.5, 0, 0] }) }));
  },
};

export const ball: PrimitiveFamily = {
  label: 'a ball',
  yaw: 0.2,
  build: (m) => [{ geometry: sphere(1, 32, 48), colour: m.body }],
};

export const cube: PrimitiveFamily = {
  label: 'a cube',
  yaw: 0.62,
  build: (m, rng) => {
    const s = rng.range(1.9, 2.1);
    const edge = 0.12;
    const parts: Part[] = [
      { geometry: place(box(s, s, s), { at: [0, s / 2, 0] }), colour: m.body },
    ];
    // Bevel strips along the twelve edges give the cube a manufactured look under the light.
    for (const axis of [0, 1, 2] as const) {
      for (const a of [-1, 1])
        for (const b of [-1, 1]) {
          const at: [number, number, number] = [0, 0, 0];
          const size: [number, number, number] = [edge, edge, edge];
          size[axis] = s + edge;
          const [i, j] = axis === 0 ? [1, 2] : axis === 1 ? [0, 2] : [0, 1];
          at[i] = (a * s) / 2;
          at[j] = (b * s) / 2;
          parts.push({
            geometry: place(box(...size), { at: [at[0], at[1] + s / 2, at[2]] }),
            colour: m.trim,
          });
        }
    }
    return parts;
  },
};
