import { place, type Part } from './geometry';
import { cone, cylinder, lathe, sphere, type ProfilePoint } from './geometry-round';
import { natural, type PrimitiveFamily } from './primitive';

const bark = [105, 72, 46] as const;
const leaves = [62, 128, 58] as const;
const capRed = [196, 52, 40] as const;
const stemCream = [236, 226, 204] as const;

export const tree: PrimitiveFamily = {
  label: 'a tree',
  yaw: 0.3,
  build: (m, rng) => {
    const trunk = rng.range(1.3, 1.7);
    const parts: Part[] = [
      { geometry: cylinder(0.3, 0.22, trunk + 0.4, 20), colour: natural(m, bark, 0.12) },
    ];
    if (rng.chance(0.5)) {
      // A conifer: three cones, each smaller and higher.
      for (let i = 0; i < 3; i++) {
        const r = 1.5 - i * 0.35;
        parts.push({
          geometry: place(cone(r, r * 1.35, 36), { at: [0, trunk + i * 0.85, 0] }),
          colour: natural(m, leaves, 0.08 + i * 0.04),
        });
      }
    } else {
      // A broadleaf: a big crown with smaller puffs round it.
      parts.push({
        geometry: place(sphere(1.3, 20, 30), { at: [0, trunk + 1.1, 0] }),
        colour: natural(m, leaves, 0.1),
      });
      for (let i = 0; i < 4; i++) {
        const a = (i / 4) * Math.PI * 2 + rng.range(0, 1);
        parts.push({
          geometry: place(sphere(0.8, 14, 22), {
            at: [Math.cos(a) * 1, trunk + 0.7 + rng.range(0, 0.7), Math.sin(a) * 1],
          }),
          colour: natural(m, leaves, 0.16),
        });
      }
    }
    return parts;
  },
};

export const mushroom: PrimitiveFamily = {
  label: 'a mushroom',
  yaw: 0.3,
  build: (m, rng) => {
    const stem = rng.range(1.2, 1.6);
    const stemProfile: ProfilePoint[] = [
      [0, 0],
      [0.55, 0],
      [0.6, 0.15],
      [0.42, stem * 0.6],
      [0.4, stem + 0.2],
      [0, stem + 0.2],
    ];
    const cap: ProfilePoint[] = [
      [0, 0.05],
      [1.1, 0.05],
      [1.55, 0.2],
    ];
    for (let i = 1; i <= 10; i++) {
      const a = (i / 10) * (Math.PI / 2);
      cap.push([Math.cos(a) * 1.6, 0.2 + Math.sin(a) * 1.25]);
    }
    cap[cap.length - 1] = [0, 1.45];
    const parts: Part[] = [
      { geometry: lathe(stemProfile, 32, 50), colour: natural(m, stemCream) },
      { geometry: place(lathe(cap, 48, 60), { at: [0, stem, 0] }), colour: natural(m, capRed) },
    ];
    // White spots sit on the cap's surface, flattened along its normal.
    for (let i = 0; i < 7; i++) {
      const a = rng.range(0, Math.PI * 2);
      const t = rng.range(0.25, 1.2);
      const [cr, cy] = [Math.cos(t) * 1.6, 0.2 + Math.sin(t) * 1.25];
      parts.push({
        geometry: place(
          place(sphere(0.2, 8, 12), { scale: [1, 0.45, 1], rotate: [0, 0, t - Math.PI / 2] }),
          {
            at: [Math.cos(a) * cr, stem + cy, Math.sin(a) * cr],
            rotate: [0, -a, 0],
          },
        ),
        colour: natural(m, stemCream, 0.1),
      });
    }
    return parts;
  },
};
