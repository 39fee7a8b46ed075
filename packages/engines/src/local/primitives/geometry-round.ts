import type { Geometry, Vec3 } from './geometry';

const TAU = Math.PI * 2;

/** A point on a lathe profile: distance from the y axis and height. */
export type ProfilePoint = [r: number, y: number];

/**
 * Revolves a profile around the y axis. The profile runs bottom to top; where it turns by more
 * than `creaseDeg` the ring is doubled so the edge stays sharp (a cup's rim, a bottle's base),
 * elsewhere normals are averaged so curves shade smoothly. A profile that starts and ends on
 * the axis (r = 0) gives a closed solid.
 */
export function lathe(points: ProfilePoint[], segments = 48, creaseDeg = 40): Geometry {
  // A repeated point would make a segment of no length, with no direction to take a normal from.
  const profile = points.filter((p, i) => {
    const q = points[i - 1];
    return !q || Math.hypot(p[0] - q[0], p[1] - q[1]) > 1e-9;
  });
  // The 2D outward normal of each profile segment: (dy, -dr) rotated to point away from the axis.
  const segmentNormals = profile.slice(1).map((p, i): [number, number] => {
    const q = profile[i] ?? p;
    const [dr, dy] = [p[0] - q[0], p[1] - q[1]];
    const l = Math.hypot(dr, dy) || 1;
    return [dy / l, -dr / l];
  });
  const cosCrease = Math.cos((creaseDeg * Math.PI) / 180);
  // Each profile point becomes one or two rings: [point, 2D normal].
  const rings: Array<{ p: ProfilePoint; n: [number, number] }> = [];
  profile.forEach((p, i) => {
    const before = segmentNormals[i - 1];
    const after = segmentNormals[i];
    if (before && after && before[0] * after[0] + before[1] * after[1] < cosCrease) {
      rings.push({ p, n: before }, { p, n: after });
    } else {
      const a = before ?? after ?? [1, 0];
      const b = after ?? before ?? [1, 0];
      const l = Math.hypot(a[0] + b[0], a[1] + b[1]) || 1;
      rings.push({ p, n: [(a[0] + b[0]) / l, (a[1] + b[1]) / l] });
    }
  });
  const g: Geometry = { positions: [], normals: [], indices: [] };
  for (const { p, n } of rings) {
    for (let s = 0; s <= segments; s++) {
      const a = (s / segments) * TAU;
      const [c, sn] = [Math.cos(a), Math.sin(a)];
      g.positions.push(p[0] * c, p[1], p[0] * sn);
      g.normals.push(n[0] * c, n[1], n[0] * sn);
    }
  }
  const row = segments + 1;
  for (let k = 0; k + 1 < rings.length; k++) {
    // A doubled ring is a crease, not a band: no triangles between its two copies.
    const [a, b] = [rings[k], rings[k + 1]];
    if (a && b && a.p === b.p) continue;
    for (let s = 0; s < segments; s++) {
      const [i0, i1, j0, j1] = [
        k * row + s,
        k * row + s + 1,
        (k + 1) * row + s,
        (k + 1) * row + s + 1,
      ];
      g.indices.push(i0, j0, i1, i1, j0, j1);
    }
  }
  return g;
}

/**
 * A profile through the given points as a Catmull-Rom spline, `steps` points per span, so a
 * vase's outline is drawn from a handful of points and still turns smoothly.
 */
export function smoothProfile(points: ProfilePoint[], steps = 6): ProfilePoint[] {
  const out: ProfilePoint[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [p0, p1, p2, p3] = [
      points[i - 1] ?? points[i],
      points[i],
      points[i + 1],
      points[i + 2] ?? points[i + 1],
    ];
    if (!p0 || !p1 || !p2 || !p3) continue;
    for (let s = 0; s < steps; s++) {
      const t = s / steps;
      const [t2, t3] = [t * t, t * t * t];
      const f = (a: number, b: number, c: number, d: number) =>
        0.5 *
        (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (3 * b - a - 3 * c + d) * t3);
      out.push([Math.max(0, f(p0[0], p1[0], p2[0], p3[0])), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  const last = points[points.length - 1];
  if (last) out.push(last);
  return out;
}

/** A closed cylinder (or a cone frustum) along y from 0 to h, with flat caps. */
export function cylinder(rBottom: number, rTop: number, h: number, segments = 32): Geometry {
  return lathe(
    [
      [0, 0],
      [rBottom, 0],
      [rTop, h],
      [0, h],
    ],
    segments,
  );
}

/** A cone along y from 0 to h: a cylinder whose top closes to a point. */
export function cone(r: number, h: number, segments = 32): Geometry {
  return lathe(
    [
      [0, 0],
      [r, 0],
      [0, h],
    ],
    segments,
  );
}

/** A UV sphere of radius r centred on the origin. */
export function sphere(r: number, rings = 24, segments = 36): Geometry {
  const profile = Array.from({ length: rings + 1 }, (_, i): ProfilePoint => {
    const a = -Math.PI / 2 + (i / rings) * Math.PI;
    return [Math.cos(a) * r, Math.sin(a) * r];
  });
  // The poles sit exactly on the axis so the surface closes.
  profile[0] = [0, -r];
  profile[rings] = [0, r];
  return lathe(profile, segments, 90);
}

/**
 * A torus around the y axis (ring radius R, tube radius r). `arc` below a full turn gives a
 * bent tube, such as a cup's handle, capped at both ends so it stays closed.
 */
export function torus(
  R: number,
  r: number,
  arc = TAU,
  ringSegments = 48,
  tubeSegments = 20,
): Geometry {
  const g: Geometry = { positions: [], normals: [], indices: [] };
  const full = arc >= TAU - 1e-9;
  for (let i = 0; i <= ringSegments; i++) {
    const a = (i / ringSegments) * arc;
    const [ca, sa] = [Math.cos(a), Math.sin(a)];
    for (let j = 0; j <= tubeSegments; j++) {
      const b = (j / tubeSegments) * TAU;
      const [cb, sb] = [Math.cos(b), Math.sin(b)];
      g.positions.push((R + r * cb) * ca, r * sb, (R + r * cb) * sa);
      g.normals.push(cb * ca, sb, cb * sa);
    }
  }
  const row = tubeSegments + 1;
  for (let i = 0; i < ringSegments; i++) {
    for (let j = 0; j < tubeSegments; j++) {
      const [a, b, c, d] = [i * row + j, i * row + j + 1, (i + 1) * row + j, (i + 1) * row + j + 1];
      g.indices.push(a, c, b, b, c, d);
    }
  }
  if (!full) {
    for (const end of [0, arc]) {
      const [ca, sa] = [Math.cos(end), Math.sin(end)];
      // The cap faces along the tube's tangent, outwards from the body of the tube.
      const sign = end === 0 ? -1 : 1;
      const n: Vec3 = [-sa * sign, 0, ca * sign];
      const centre = g.positions.length / 3;
      g.positions.push(R * ca, 0, R * sa);
      g.normals.push(...n);
      for (let j = 0; j <= tubeSegments; j++) {
        const b = (j / tubeSegments) * TAU;
        const [cb, sb] = [Math.cos(b), Math.sin(b)];
        g.positions.push((R + r * cb) * ca, r * sb, (R + r * cb) * sa);
        g.normals.push(...n);
      }
      for (let j = 0; j < tubeSegments; j++) g.indices.push(centre, centre + 1 + j, centre + 2 + j);
    }
  }
  return g;
}
