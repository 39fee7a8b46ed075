import { mixRgb, type Rgb } from './color';
import type { Mesh } from './mesh';
import type { RgbImage } from './texture';

export type MeshView = { yaw: number; pitch: number; background: [top: Rgb, bottom: Rgb] };

/** Screen position, depth and lit colour of one vertex. */
type ScreenVertex = { x: number; y: number; z: number; r: number; g: number; b: number };

const light = normalise([-0.45, 0.65, 0.62]);

/** Rotates, projects and lights every vertex: the vertex stage of the renderer. */
function projectVertices(
  mesh: Mesh,
  size: number,
  view: MeshView,
): { vertices: ScreenVertex[]; footprint: Footprint } {
  const [cy, sy, cp, sp] = [
    Math.cos(view.yaw),
    Math.sin(view.yaw),
    Math.cos(view.pitch),
    Math.sin(view.pitch),
  ];
  const rotate = (v: Float32Array, i: number): [number, number, number] => {
    const [x, y, z] = [v[i] ?? 0, v[i + 1] ?? 0, v[i + 2] ?? 0];
    const x1 = x * cy + z * sy;
    const z1 = -x * sy + z * cy;
    return [x1, y * cp - z1 * sp, y * sp + z1 * cp];
  };
  const extent = mesh.positions.reduce((m, v) => Math.max(m, Math.abs(v)), 0) || 1;
  const scale = (size * 0.34) / extent;
  const projected = Array.from({ length: mesh.positions.length / 3 }, (_, i): ScreenVertex => {
    const [x, y, z] = rotate(mesh.positions, i * 3);
    const [nx, ny, nz] = rotate(mesh.normals, i * 3);
    const perspective = 4 / (4 - z / extent);
    const diffuse = Math.max(0, nx * light[0] + ny * light[1] + nz * light[2]);
    const rim = (1 - Math.max(0, nz)) ** 3 * 0.35;
    const spec = Math.max(0, nx * 0.3 + ny * 0.45 + nz * 0.84) ** 24 * 0.35;
    const shade = (c: number) =>
      Math.min(1, ((mesh.colors[i * 4 + c] ?? 0) / 255) * (0.38 + 0.72 * diffuse + rim) + spec) *
      255;
    return {
      x: size / 2 + x * scale * perspective,
      y: size * 0.47 - y * scale * perspective,
      z,
      r: shade(0),
      g: shade(1),
      b: shade(2),
    };
  });
  return frame(projected, size);
}

/** Where the framed object sits on screen: its horizontal centre and its lowest point. */
type Footprint = { x: number; bottom: number; width: number };

/**
 * Centres the projected object and shrinks it when it would overflow (a cube seen corner on
 * is wider than its extent suggests), so every shape fills about the same part of the frame
 * and rests just above its shadow.
 */
function frame(
  vertices: ScreenVertex[],
  size: number,
): { vertices: ScreenVertex[]; footprint: Footprint } {
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const v of vertices) {
    [minX, maxX, minY, maxY] = [
      Math.min(minX, v.x),
      Math.max(maxX, v.x),
      Math.min(minY, v.y),
      Math.max(maxY, v.y),
    ];
  }
  if (!vertices.length)
    return { vertices, footprint: { x: size / 2, bottom: size * 0.8, width: size * 0.5 } };
  const fit = Math.min(1, (size * 0.78) / (maxX - minX || 1), (size * 0.74) / (maxY - minY || 1));
  const [cx, cy] = [(minX + maxX) / 2, (minY + maxY) / 2];
  const framed = vertices.map((v) => ({
    ...v,
    x: size / 2 + (v.x - cx) * fit,
    y: size * 0.47 + (v.y - cy) * fit,
  }));
  return {
    vertices: framed,
    footprint: { x: size / 2, bottom: size * 0.47 + (maxY - cy) * fit, width: (maxX - minX) * fit },
  };
}

/**
 * A software render of a mesh for its thumbnail: a studio backdrop, a soft contact shadow,
 * Gouraud-shaded vertex colours under a key light with a rim, z-buffered. Callers
 * supersample by asking for twice the size and shrinking.
 */
export function rasterizeMesh(mesh: Mesh, size: number, view: MeshView): RgbImage {
  const { vertices, footprint } = projectVertices(mesh, size, view);
  const data = backdrop(size, view.background, footprint);
  const depth = new Float32Array(size * size).fill(-Infinity);
  for (let t = 0; t + 2 < mesh.indices.length; t += 3) {
    const a = vertices[mesh.indices[t] ?? 0];
    const b = vertices[mesh.indices[t + 1] ?? 0];
    const c = vertices[mesh.indices[t + 2] ?? 0];
    if (!a || !b || !c) continue;
    const area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    // Screen y points down, so faces towards the camera wind negative.
    if (area >= 0) continue;
    const minX = Math.max(0, Math.floor(Math.min(a.x, b.x, c.x)));
    const maxX = Math.min(size - 1, Math.ceil(Math.max(a.x, b.x, c.x)));
    const minY = Math.max(0, Math.floor(Math.min(a.y, b.y, c.y)));
    const maxY = Math.min(size - 1, Math.ceil(Math.max(a.y, b.y, c.y)));
    for (let py = minY; py <= maxY; py++) {
      for (let px = minX; px <= maxX; px++) {
        const [x, y] = [px + 0.5, py + 0.5];
        const wa = ((b.x - x) * (c.y - y) - (b.y - y) * (c.x - x)) / area;
        const wb = ((c.x - x) * (a.y - y) - (c.y - y) * (a.x - x)) / area;
        const wc = 1 - wa - wb;
        if (wa < 0 || wb < 0 || wc < 0) continue;
        const z = wa * a.z + wb * b.z + wc * c.z;
        const p = py * size + px;
        if (z <= (depth[p] ?? Infinity)) continue;
        depth[p] = z;
        data[p * 3] = Math.round(wa * a.r + wb * b.r + wc * c.r);
        data[p * 3 + 1] = Math.round(wa * a.g + wb * b.g + wc * c.g);
        data[p * 3 + 2] = Math.round(wa * a.b + wb * b.b + wc * c.b);
      }
    }
  }
  return { width: size, height: size, data };
}

function normalise(v: [number, number, number]): [number, number, number] {
  const l = Math.hypot(...v);
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** Studio backdrop: a vertical gradient with a soft shadow where the object rests. */
function backdrop(size: number, [top, bottom]: [Rgb, Rgb], rest: Footprint): Buffer {
  const shadowY = Math.min(size * 0.92, rest.bottom + size * 0.035);
  const shadowW = Math.max(size * 0.15, rest.width * 0.42);
  const data = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    const row = mixRgb(top, bottom, y / (size - 1));
    for (let x = 0; x < size; x++) {
      const dx = (x - rest.x) / shadowW;
      const dy = (y - shadowY) / (size * 0.04);
      const shadow = 1 - 0.35 * Math.exp(-(dx * dx + dy * dy));
      const p = (y * size + x) * 3;
      data[p] = Math.round(row[0] * shadow);
      data[p + 1] = Math.round(row[1] * shadow);
      data[p + 2] = Math.round(row[2] * shadow);
    }
  }
  return data;
}
