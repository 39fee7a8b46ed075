import { place } from './geometry';
import { cylinder, lathe, smoothProfile, torus, type ProfilePoint } from './geometry-round';
import { natural, type PrimitiveFamily } from './primitive';
import { teapotGeometry } from './teapot';

/**
 * A hollow vessel's profile: the outside from the foot up to the rim, then the inside back
 * down to the floor, so the lathe closes on the axis at both ends and the walls have depth.
 */
function hollow(outside: ProfilePoint[], wall: number, floor: number): ProfilePoint[] {
  const inside = outside
    .slice(1)
    .filter(([, y]) => y > floor)
    .map(([r, y]): ProfilePoint => [Math.max(0, r - wall), y])
    .reverse();
  return [...outside, ...inside, [0, floor]];
}

export const teapot: PrimitiveFamily = {
  label: 'a teapot',
  yaw: 0.35,
  build: (m, rng) => [{ geometry: teapotGeometry(10, rng.range(0.94, 1.06)), colour: m.body }],
};

export const cup: PrimitiveFamily = {
  label: 'a cup',
  yaw: -0.5,
  build: (m, rng) => {
    const [r, h] = [1, rng.range(1.7, 2.1)];
    const outside: ProfilePoint[] = [
      [0, 0],
      [r * 0.82, 0],
      [r * 0.88, 0.06],
      [r, h * 0.85],
      [r * 1.02, h],
    ];
    const handle = torus(h * 0.3, 0.09, Math.PI * 1.25, 32, 14);
    return [
      { geometry: lathe(hollow(outside, 0.09, 0.14), 48), colour: m.body },
      {
        geometry: place(handle, {
          at: [r * 0.9, h * 0.52, 0],
          rotate: [Math.PI / 2, 0, Math.PI * 0.625],
        }),
        colour: m.body,
      },
    ];
  },
};

export const vase: PrimitiveFamily = {
  label: 'a vase',
  yaw: 0.3,
  build: (m, rng) => {
    const belly = rng.range(0.85, 1.1);
    const outside: ProfilePoint[] = [
      [0, 0],
      [0.55, 0],
      ...smoothProfile([
        [0.6, 0.08],
        [belly * 0.92, 0.7],
        [belly, 1.2],
        [belly * 0.8, 1.8],
        [0.38, 2.4],
        [0.34, 2.75],
        [0.46, 3.05],
        [0.5, 3.1],
      ]),
    ];
    return [{ geometry: lathe(hollow(outside, 0.06, 0.2), 48, 55), colour: m.body }];
  },
};

export const bottle: PrimitiveFamily = {
  label: 'a bottle',
  yaw: 0.3,
  build: (m, rng) => {
    const h = rng.range(2.1, 2.5);
    const body: ProfilePoint[] = [
      [0, 0],
      [0.6, 0],
      [0.62, 0.05],
      [0.62, h],
      [0.5, h + 0.35],
      [0.24, h + 0.75],
      [0.22, h + 1.25],
      [0, h + 1.25],
    ];
    return [
      { geometry: lathe(body, 48, 35), colour: m.body },
      { geometry: place(cylinder(0.25, 0.25, 0.28, 32), { at: [0, h + 1.2, 0] }), colour: m.trim },
      {
        geometry: place(cylinder(0.635, 0.635, h * 0.4, 48), { at: [0, h * 0.3, 0] }),
        colour: m.light,
      },
    ];
  },
};

export const bowl: PrimitiveFamily = {
  label: 'a bowl',
  yaw: 0.2,
  build: (m, rng) => {
    const depth = rng.range(0.8, 1.05);
    const outside: ProfilePoint[] = [
      [0, 0],
      [0.5, 0],
      [0.52, 0.08],
    ];
    for (let i = 1; i <= 8; i++) {
      const a = (i / 8) * (Math.PI / 2);
      outside.push([0.52 + Math.sin(a) * 0.98, 0.08 + (1 - Math.cos(a)) * depth]);
    }
    return [{ geometry: lathe(hollow(outside, 0.08, 0.18), 56, 50), colour: m.body }];
  },
};

export const lamp: PrimitiveFamily = {
  label: 'a lamp',
  yaw: 0.3,
  build: (m, rng) => {
    const stem = rng.range(1.6, 2.1);
    const base: ProfilePoint[] = [
      [0, 0],
      [0.75, 0],
      [0.75, 0.1],
      [0.5, 0.22],
      [0, 0.24],
    ];
    const shade: ProfilePoint[] = [
      [0, 0],
      [1.05, 0],
      [0.62, 1.1],
      [0, 1.1],
    ];
    return [
      { geometry: lathe(base, 40), colour: m.dark },
      { geometry: place(cylinder(0.07, 0.07, stem, 16), { at: [0, 0.2, 0] }), colour: m.dark },
      {
        geometry: place(lathe(shade, 48, 30), { at: [0, stem - 0.15, 0] }),
        colour: natural(m, m.light, 0.3),
      },
    ];
  },
};
