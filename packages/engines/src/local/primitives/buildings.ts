import { place, type Part } from './geometry';
import { box, prism } from './geometry-flat';
import { cone, cylinder } from './geometry-round';
import { natural, type Materials, type PrimitiveFamily } from './primitive';

const tile = [150, 62, 48] as const;
const window = [150, 190, 215] as const;
const wood = [96, 62, 40] as const;

export const house: PrimitiveFamily = {
  label: 'a house',
  yaw: 0.6,
  build: (m, rng) => {
    const [w, d, h] = [rng.range(3, 3.6), rng.range(2.4, 2.9), rng.range(1.9, 2.3)];
    const roof = rng.range(1.2, 1.6);
    const parts: Part[] = [
      { geometry: place(box(w, h, d), { at: [0, h / 2, 0] }), colour: m.body },
      {
        geometry: place(prism(w + 0.4, roof, d + 0.4), { at: [0, h, 0] }),
        colour: natural(m, tile),
      },
      {
        geometry: place(box(0.4, 1, 0.4), { at: [w * 0.25, h + roof * 0.55, -d * 0.15] }),
        colour: natural(m, tile, 0.5),
      },
      // The door and windows stand a hair proud of the front wall (+z).
      {
        geometry: place(box(0.6, 1.15, 0.06), { at: [0, 0.575, d / 2 + 0.02] }),
        colour: natural(m, wood),
      },
    ];
    for (const x of [-w * 0.3, w * 0.3])
      parts.push({
        geometry: place(box(0.55, 0.55, 0.06), { at: [x, h * 0.58, d / 2 + 0.02] }),
        colour: natural(m, window, 0.1),
      });
    parts.push({
      geometry: place(box(0.06, 0.55, 0.7), { at: [w / 2 + 0.02, h * 0.58, 0] }),
      colour: natural(m, window, 0.1),
    });
    return parts;
  },
};

/** A round tower with a crenellated top: what the tower and the castle's corners are made of. */
function roundTower(
  m: Materials,
  r: number,
  h: number,
  x: number,
  z: number,
  roofed: boolean,
): Part[] {
  const parts: Part[] = [
    { geometry: place(cylinder(r, r, h, 32), { at: [x, 0, z] }), colour: m.body },
    { geometry: place(cylinder(r * 1.12, r * 1.12, 0.2, 32), { at: [x, h, z] }), colour: m.trim },
  ];
  if (roofed) {
    parts.push({
      geometry: place(cone(r * 1.2, r * 2.2, 32), { at: [x, h + 0.2, z] }),
      colour: natural(m, tile),
    });
  } else {
    const teeth = 8;
    for (let i = 0; i < teeth; i++) {
      const a = (i / teeth) * Math.PI * 2;
      parts.push({
        geometry: place(box(r * 0.38, 0.3, 0.22), {
          at: [x + Math.cos(a) * r * 0.98, h + 0.35, z + Math.sin(a) * r * 0.98],
          rotate: [0, -a + Math.PI / 2, 0],
        }),
        colour: m.trim,
      });
    }
  }
  return parts;
}

export const tower: PrimitiveFamily = {
  label: 'a tower',
  yaw: 0.3,
  build: (m, rng) => {
    const h = rng.range(4.5, 5.5);
    const parts = roundTower(m, 0.9, h, 0, 0, rng.chance(0.5));
    for (let i = 0; i < 3; i++)
      parts.push({
        geometry: place(box(0.22, 0.45, 0.1), { at: [0, h * (0.35 + i * 0.2), 0.88] }),
        colour: m.dark,
      });
    return parts;
  },
};

export const castle: PrimitiveFamily = {
  label: 'a castle',
  yaw: 0.5,
  build: (m, rng) => {
    const [w, h] = [rng.range(4.2, 4.8), rng.range(1.8, 2.2)];
    const parts: Part[] = [];
    for (const [x, z] of [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ] as const)
      parts.push(...roundTower(m, 0.55, h + 1, (x * w) / 2, (z * w) / 2, true));
    for (const [x, z, rot] of [
      [0, -w / 2, 0],
      [0, w / 2, 0],
      [-w / 2, 0, Math.PI / 2],
      [w / 2, 0, Math.PI / 2],
    ] as const)
      parts.push({
        geometry: place(box(w, h, 0.4), { at: [x, h / 2, z], rotate: [0, rot, 0] }),
        colour: m.body,
      });
    parts.push(
      {
        geometry: place(box(w * 0.45, h + 1.6, w * 0.45), { at: [0, (h + 1.6) / 2, 0] }),
        colour: m.body,
      },
      {
        geometry: place(prism(w * 0.5, 1, w * 0.5), { at: [0, h + 1.6, 0] }),
        colour: natural(m, tile),
      },
      {
        geometry: place(box(0.9, 1.2, 0.08), { at: [0, 0.6, w / 2 + 0.2] }),
        colour: natural(m, wood),
      },
    );
    return parts;
  },
};
