import { place, type Part, type Vec3 } from './geometry';
import { box } from './geometry-flat';
import type { Materials, PrimitiveFamily } from './primitive';

/** Four legs of `size` under a top of width w and depth d, inset a little from its corners. */
function legs(
  w: number,
  d: number,
  height: number,
  size: number,
  colour: Materials['body'],
): Part[] {
  const [x, z] = [w / 2 - size, d / 2 - size];
  return (
    [
      [-x, -z],
      [x, -z],
      [-x, z],
      [x, z],
    ] as const
  ).map(([lx, lz]) => ({
    geometry: place(box(size, height, size), { at: [lx, height / 2, lz] }),
    colour,
  }));
}

const slab = (size: Vec3, at: Vec3, colour: Materials['body']): Part => ({
  geometry: place(box(...size), { at }),
  colour,
});

export const chair: PrimitiveFamily = {
  label: 'a chair',
  yaw: 0.6,
  build: (m, rng) => {
    const [w, d, seat] = [rng.range(1.8, 2.1), rng.range(1.8, 2), rng.range(1.7, 1.95)];
    const back = rng.range(1.9, 2.3);
    const post = 0.18;
    const parts = legs(w, d, seat, post, m.trim);
    parts.push(slab([w, 0.2, d], [0, seat + 0.1, 0], m.body));
    // The back's two posts rise from the rear legs; three rails span them.
    for (const x of [-(w / 2 - post / 2), w / 2 - post / 2])
      parts.push(slab([post, back, post], [x, seat + 0.2 + back / 2, -(d / 2 - post / 2)], m.trim));
    for (let i = 0; i < 3; i++) {
      const y = seat + 0.2 + back * (0.45 + i * 0.22);
      parts.push(
        slab([w - post * 2, i === 2 ? 0.3 : 0.16, 0.1], [0, y, -(d / 2 - post / 2)], m.body),
      );
    }
    return parts;
  },
};

export const table: PrimitiveFamily = {
  label: 'a table',
  yaw: 0.55,
  build: (m, rng) => {
    const [w, d, h] = [rng.range(3.4, 4), rng.range(2, 2.4), rng.range(1.9, 2.2)];
    const parts = legs(w, d, h, 0.22, m.trim);
    parts.push(slab([w + 0.2, 0.18, d + 0.2], [0, h + 0.09, 0], m.body));
    // An apron under the top keeps the legs from looking stuck on.
    parts.push(slab([w - 0.3, 0.3, d - 0.3], [0, h - 0.15, 0], m.trim));
    return parts;
  },
};

export const bench: PrimitiveFamily = {
  label: 'a bench',
  yaw: 0.5,
  build: (m, rng) => {
    const [w, d, h] = [rng.range(4.2, 5), 1.3, rng.range(1.05, 1.25)];
    const parts = legs(w, d, h, 0.2, m.dark);
    for (let i = 0; i < 3; i++)
      parts.push(slab([w, 0.14, d / 3 - 0.06], [0, h + 0.07, -d / 3 + (i * d) / 3], m.body));
    for (const x of [-(w / 2 - 0.1), w / 2 - 0.1])
      parts.push(slab([0.2, 1.2, 0.16], [x, h + 0.6, -d / 2 + 0.08], m.dark));
    for (let i = 0; i < 2; i++)
      parts.push(slab([w, 0.3, 0.1], [0, h + 0.55 + i * 0.45, -d / 2 + 0.08], m.body));
    return parts;
  },
};
