import { place, type Part } from './geometry';
import { box, taperedBox } from './geometry-flat';
import { cylinder, lathe, sphere, type ProfilePoint } from './geometry-round';
import { natural, type PrimitiveFamily } from './primitive';

const glass = [70, 96, 120] as const;
const rubber = [34, 34, 38] as const;

export const car: PrimitiveFamily = {
  label: 'a car',
  yaw: -0.55,
  build: (m, rng) => {
    const [length, width] = [rng.range(4, 4.5), rng.range(1.75, 1.9)];
    const cabin = rng.range(0.55, 0.7);
    const wheel = 0.42;
    const parts: Part[] = [
      {
        geometry: place(taperedBox(length, width, length - 0.25, width - 0.1, 0.72), {
          at: [0, 0.3, 0],
        }),
        colour: m.body,
      },
      {
        geometry: place(
          taperedBox(length * 0.52, width - 0.14, length * 0.3, width - 0.5, cabin, -0.12),
          {
            at: [-0.2, 1.02, 0],
          },
        ),
        colour: natural(m, glass, 0.15),
      },
      {
        geometry: place(box(length * 0.3 + 0.04, 0.07, width - 0.46), {
          at: [-0.32, 1.02 + cabin, 0],
        }),
        colour: m.body,
      },
    ];
    for (const x of [-(length / 2 - 0.8), length / 2 - 0.75]) {
      for (const side of [1, -1]) {
        const z = side > 0 ? width / 2 - 0.2 : -(width / 2 + 0.12);
        parts.push(
          {
            geometry: place(cylinder(wheel, wheel, 0.32, 28), {
              at: [x, wheel, z],
              rotate: [Math.PI / 2, 0, 0],
            }),
            colour: natural(m, rubber, 0.1),
          },
          {
            geometry: place(cylinder(wheel * 0.5, wheel * 0.5, 0.34, 20), {
              at: [x, wheel, z - 0.01],
              rotate: [Math.PI / 2, 0, 0],
            }),
            colour: m.light,
          },
        );
      }
    }
    // Headlights at the front (+x) and tail lights at the back.
    for (const side of [1, -1]) {
      parts.push(
        {
          geometry: place(box(0.08, 0.16, 0.34), {
            at: [length / 2 - 0.1, 0.8, side * (width / 2 - 0.3)],
          }),
          colour: [250, 244, 210],
        },
        {
          geometry: place(box(0.08, 0.14, 0.3), {
            at: [-(length / 2 - 0.1), 0.82, side * (width / 2 - 0.3)],
          }),
          colour: [200, 40, 40],
        },
      );
    }
    return parts;
  },
};

export const rocket: PrimitiveFamily = {
  label: 'a rocket',
  yaw: 0.4,
  build: (m, rng) => {
    const body = rng.range(2.4, 3);
    const r = 0.55;
    const profile: ProfilePoint[] = [
      [0, 0],
      [r * 0.9, 0],
      [r, 0.15],
      [r, body],
    ];
    // An ogive nose: a circular arc from the body's side to the tip.
    const nose = r * 3;
    for (let i = 1; i < 10; i++) {
      const t = i / 10;
      profile.push([r * Math.sqrt(1 - t * t) * (1 - 0.15 * t), body + t * nose * 0.6]);
    }
    profile.push([0, body + nose * 0.6]);
    const parts: Part[] = [
      { geometry: lathe(profile, 48, 35), colour: m.body },
      { geometry: place(cylinder(0.42, 0.3, 0.35, 28), { at: [0, -0.3, 0] }), colour: m.dark },
      {
        geometry: place(sphere(0.2, 12, 20), {
          at: [0, body * 0.72, r - 0.06],
          scale: [1, 1, 0.5],
        }),
        colour: m.light,
      },
    ];
    for (let k = 0; k < 3; k++) {
      const fin = place(taperedBox(0.9, 0.08, 0.25, 0.08, 1.3, 0.3), { at: [r + 0.35, -0.45, 0] });
      parts.push({
        geometry: place(fin, { rotate: [0, (k * Math.PI * 2) / 3 + Math.PI / 2, 0] }),
        colour: m.trim,
      });
    }
    return parts;
  },
};
