import type { Geometry, Vec3 } from './geometry';
import { teapotControlPoints, teapotPatchIndices } from './teapot-data';

const bernstein = (t: number): number[] => {
  const s = 1 - t;
  return [s * s * s, 3 * t * s * s, 3 * t * t * s, t * t * t];
};
const bernsteinSlope = (t: number): number[] => {
  const s = 1 - t;
  return [-3 * s * s, 3 * s * s - 6 * t * s, 6 * t * s - 3 * t * t, 3 * t * t];
};

/** Control point `k` turned from the data's z-up frame to glTF's y-up one. */
function control(k: number, lidScale: number): Vec3 {
  const x = teapotControlPoints[k * 3] ?? 0;
  const y = teapotControlPoints[k * 3 + 1] ?? 0;
  const z = teapotControlPoints[k * 3 + 2] ?? 0;
  return [x * lidScale, z, -y * lidScale];
}

/**
 * Tessellates the 32 Bézier patches of the Utah teapot, `steps` × `steps` quads each, with
 * normals from the patch derivatives. `spout` stretches the spout and handle sideways a
 * little (the seed's variation); the lid patches are widened by 7.7% so no gap shows between
 * lid and body, the same fix three.js's TeapotGeometry applies.
 */
export function teapotGeometry(steps: number, spout = 1): Geometry {
  const g: Geometry = { positions: [], normals: [], indices: [] };
  const patches = teapotPatchIndices.length / 16;
  for (let patch = 0; patch < patches; patch++) {
    const isLid = patch >= 20 && patch < 28;
    const isArm = patch >= 12 && patch < 20;
    const points = Array.from({ length: 16 }, (_, k) => {
      const p = control(teapotPatchIndices[patch * 16 + k] ?? 0, isLid ? 1.077 : 1);
      return isArm ? ([p[0] * spout, p[1], p[2]] as Vec3) : p;
    });
    const base = g.positions.length / 3;
    for (let i = 0; i <= steps; i++) {
      const u = i / steps;
      const [bu, du] = [bernstein(u), bernsteinSlope(u)];
      for (let j = 0; j <= steps; j++) {
        const v = j / steps;
        const [bv, dv] = [bernstein(v), bernsteinSlope(v)];
        const p: Vec3 = [0, 0, 0];
        const pu: Vec3 = [0, 0, 0];
        const pv: Vec3 = [0, 0, 0];
        const add = (sum: Vec3, q: Vec3, w: number) => {
          sum[0] += w * q[0];
          sum[1] += w * q[1];
          sum[2] += w * q[2];
        };
        for (let r = 0; r < 4; r++) {
          for (let c = 0; c < 4; c++) {
            const q = points[r * 4 + c] ?? [0, 0, 0];
            add(p, q, (bu[r] ?? 0) * (bv[c] ?? 0));
            add(pu, q, (du[r] ?? 0) * (bv[c] ?? 0));
            add(pv, q, (bu[r] ?? 0) * (dv[c] ?? 0));
          }
        }
        let n: Vec3 = [
          pv[1] * pu[2] - pv[2] * pu[1],
          pv[2] * pu[0] - pv[0] * pu[2],
          pv[0] * pu[1] - pv[1] * pu[0],
        ];
        const l = Math.hypot(...n);
        // At the lid's knob and the base's centre a whole patch edge collapses to one point
        // and the derivatives vanish: there the surface faces straight up or down.
        if (l < 1e-6) n = [0, p[1] > 1.5 ? 1 : -1, 0];
        else n = [n[0] / l, n[1] / l, n[2] / l];
        g.positions.push(...p);
        g.normals.push(...n);
      }
    }
    const row = steps + 1;
    for (let i = 0; i < steps; i++) {
      for (let j = 0; j < steps; j++) {
        const [a, b, c, d] = [
          i * row + j,
          i * row + j + 1,
          (i + 1) * row + j,
          (i + 1) * row + j + 1,
        ];
        g.indices.push(base + a, base + b, base + d, base + a, base + d, base + c);
      }
    }
  }
  return g;
}
