import type { Point } from './face-landmarks';
import type { Viseme } from './speech-motion';

/** A face's frame for the warps: mouth and eyes in face-aligned units, from its 68 points. */
export type FaceGeometry = {
  /** Centre of the inner lips, pixels. */
  mouth: Point;
  /** Corner to corner, pixels. */
  mouthWidth: number;
  /** Unit vectors: `down` from between the eyes towards the chin, `side` across the face. */
  down: Point;
  side: Point;
  /** How far below the mouth's centre the chin is, pixels along `down`. */
  chin: number;
  /** The line where the lips meet: (u, v) with u across in half mouth widths, v down in px. */
  lipLine: Array<[number, number]>;
  eyes: Array<{ centre: Point; width: number; height: number }>;
};

/** What one frame asks of the face: jaw opening 0–1, mouth shape, eyelids closed 0–1. */
export type FacePose = { open: number; viseme: Viseme; blink: number };

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const mean = (ps: Point[]): Point => ({
  x: ps.reduce((s, p) => s + p.x, 0) / ps.length,
  y: ps.reduce((s, p) => s + p.y, 0) / ps.length,
});

export function faceGeometry(points: Point[]): FaceGeometry {
  const p = (i: number) => points[i]!;
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, k) => p(a + k));
  const mouth = mean(range(60, 67));
  const mouthWidth = Math.max(4, dist(p(48), p(54)));
  const eyesMid = mean([...range(36, 47)]);
  const chinPoint = p(8);
  const len = Math.max(1, dist(chinPoint, eyesMid));
  const down = { x: (chinPoint.x - eyesMid.x) / len, y: (chinPoint.y - eyesMid.y) / len };
  const side = { x: down.y, y: -down.x };
  const toFace = (q: Point): [number, number] => {
    const dx = q.x - mouth.x;
    const dy = q.y - mouth.y;
    return [(dx * side.x + dy * side.y) / (mouthWidth / 2), dx * down.x + dy * down.y];
  };
  const mid = (a: number, b: number) => toFace(mean([p(a), p(b)]));
  const lipLine = [toFace(p(60)), mid(61, 67), mid(62, 66), mid(63, 65), toFace(p(64))].sort(
    (a, b) => a[0] - b[0],
  );
  const eye = (from: number) => {
    const e = range(from, from + 5);
    const width = Math.max(2, dist(e[0]!, e[3]!));
    const height = Math.max((dist(e[1]!, e[5]!) + dist(e[2]!, e[4]!)) / 2, width * 0.25);
    return { centre: mean(e), width, height };
  };
  const chin = toFace(chinPoint)[1];
  return { mouth, mouthWidth, down, side, chin, lipLine, eyes: [eye(36), eye(42)] };
}

/** Piecewise linear along the lip line, held flat past the corners. */
function lipAt(line: Array<[number, number]>, u: number): number {
  const first = line[0]!;
  const last = line[line.length - 1]!;
  if (u <= first[0]) return first[1];
  if (u >= last[0]) return last[1];
  for (let i = 1; i < line.length; i++) {
    const [u1, v1] = line[i]!;
    const [u0, v0] = line[i - 1]!;
    if (u <= u1) return v0 + ((v1 - v0) * (u - u0)) / Math.max(1e-6, u1 - u0);
  }
  return last[1];
}

/** 1 at 0 falling smoothly to 0 at |t| = 1. */
const bump = (t: number) => (Math.abs(t) >= 1 ? 0 : 0.5 * (1 + Math.cos(Math.PI * t)));
const smoothstep = (a: number, b: number, t: number) => {
  const x = Math.max(0, Math.min(1, (t - a) / (b - a)));
  return x * x * (3 - 2 * x);
};

function sample(src: Uint8Array, W: number, H: number, x: number, y: number, c: number): number {
  const fx = Math.max(0, Math.min(W - 1.001, x));
  const fy = Math.max(0, Math.min(H - 1.001, y));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const ax = fx - x0;
  const ay = fy - y0;
  const i = (y0 * W + x0) * 3 + c;
  const top = src[i]! * (1 - ax) + src[i + 3]! * ax;
  const bottom = src[i + W * 3]! * (1 - ax) + src[i + W * 3 + 3]! * ax;
  return top * (1 - ay) + bottom * ay;
}

/**
 * Opens the mouth by `pose.open`: the lower lip and jaw are moved down along the face and
 * the upper lip a little up, sampling the unchanged picture backwards so nothing tears; the
 * gap between the lips is painted as the mouth's dark inside, with a row of upper teeth when
 * it is wide open. A rounded shape also draws the corners in. Writes into `out` (a copy of
 * `src` outside the mouth's surroundings).
 */
export function warpMouth(
  src: Uint8Array,
  out: Uint8Array,
  W: number,
  H: number,
  face: FaceGeometry,
  pose: FacePose,
): void {
  if (pose.open <= 0.01) return;
  const { mouth, mouthWidth: mw, down, side, chin, lipLine } = face;
  const round = pose.viseme === 'round' ? 1 : 0;
  const A = pose.open * 0.5 * mw * (round ? 0.8 : 1);
  const gapWidth = round ? 0.85 : 1.25;
  const half = mw / 2;
  const reachU = 2.4;
  const top = -0.6 * mw;
  const bottom = chin + 0.5 * mw;
  const corners = [
    [-reachU, top],
    [reachU, top],
    [-reachU, bottom],
    [reachU, bottom],
  ].map(([u, v]) => ({
    x: mouth.x + u! * half * side.x + v! * down.x,
    y: mouth.y + u! * half * side.y + v! * down.y,
  }));
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x))));
  const x1 = Math.min(W - 1, Math.ceil(Math.max(...corners.map((c) => c.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y))));
  const y1 = Math.min(H - 1, Math.ceil(Math.max(...corners.map((c) => c.y))));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x - mouth.x;
      const dy = y - mouth.y;
      const u = (dx * side.x + dy * side.y) / half;
      const v = dx * down.x + dy * down.y;
      if (Math.abs(u) >= reachU || v <= top || v >= bottom) continue;
      const line = lipAt(lipLine, u);
      const vr = v - line;
      const gap = A * bump(u / gapWidth);
      let uSrc = u;
      let vSrc = vr;
      let inside = 0;
      if (vr >= 0.75 * gap) {
        const b = smoothstep(0, 0.35 * mw, vr - 0.75 * gap);
        const jaw = 0.75 * (gap * (1 - b) + A * bump(u / 2.2) * b);
        const taper = vr <= chin ? 1 : bump((vr - chin) / (0.5 * mw));
        vSrc = vr - jaw * taper;
      } else if (vr <= -0.25 * gap) {
        vSrc = vr + 0.25 * gap * bump(vr / (0.45 * mw));
      } else {
        // Between the lips: how deep into the gap, and how far from its edges (px).
        inside = Math.min(1, Math.min(vr + 0.25 * gap, 0.75 * gap - vr) / 1.5);
      }
      if (round) uSrc = u * (1 + 0.3 * pose.open * bump(u / 1.6) * bump(vr / (0.5 * mw)));
      const lineSrc = uSrc === u ? line : lipAt(lipLine, uSrc);
      const sx = mouth.x + uSrc * half * side.x + (vSrc + lineSrc) * down.x;
      const sy = mouth.y + uSrc * half * side.y + (vSrc + lineSrc) * down.y;
      const o = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) out[o + c] = Math.round(sample(src, W, H, sx, sy, c));
      if (inside > 0) {
        const depth = (vr + 0.25 * gap) / Math.max(1e-6, gap);
        const shade = 1 - 0.35 * Math.sin(Math.PI * depth);
        const teeth = !round && pose.open > 0.35 && depth < 0.3 && Math.abs(u) < 0.7;
        const colour = teeth
          ? [200, 196, 186].map((k) => k * (0.75 + 0.25 * (1 - Math.abs(u) / 0.7)))
          : [58 * shade, 20 * shade, 22 * shade];
        for (let c = 0; c < 3; c++) {
          out[o + c] = Math.round(out[o + c]! * (1 - inside) + colour[c]! * inside);
        }
      }
    }
  }
}

/**
 * Lowers the upper eyelids by `blink` (0 open, 1 shut): the skin above each eye is stretched
 * down over it, with a faint lash line where the lids meet.
 */
export function closeEyes(
  src: Uint8Array,
  out: Uint8Array,
  W: number,
  H: number,
  face: FaceGeometry,
  blink: number,
): void {
  if (blink <= 0.01) return;
  const { down, side } = face;
  for (const eye of face.eyes) {
    const half = eye.width * 0.6;
    const top = -2.2 * eye.height;
    const bottom = 0.6 * eye.height;
    const r = Math.ceil(Math.max(half, bottom - top)) + 2;
    const cx = Math.round(eye.centre.x);
    const cy = Math.round(eye.centre.y);
    for (let y = Math.max(0, cy - r); y <= Math.min(H - 1, cy + r); y++) {
      for (let x = Math.max(0, cx - r); x <= Math.min(W - 1, cx + r); x++) {
        const dx = x - eye.centre.x;
        const dy = y - eye.centre.y;
        const u = (dx * side.x + dy * side.y) / half;
        const v = dx * down.x + dy * down.y;
        if (Math.abs(u) >= 1 || v <= top || v >= bottom) continue;
        const c = blink * (1 - u ** 4);
        const vSrc = top + (v - top) * (1 - 0.43 * c);
        const sx = eye.centre.x + u * half * side.x + vSrc * down.x;
        const sy = eye.centre.y + u * half * side.y + vSrc * down.y;
        const lash = Math.abs(v - (bottom - 0.2 * eye.height)) < 0.18 * eye.height ? 0.35 * c : 0;
        const o = (y * W + x) * 3;
        for (let k = 0; k < 3; k++) {
          out[o + k] = Math.round(sample(src, W, H, sx, sy, k) * (1 - lash));
        }
      }
    }
  }
}
