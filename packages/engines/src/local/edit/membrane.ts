/**
 * Harmonic ("membrane") interpolation: fills the unknown pixels of an image so that each is
 * the mean of its four neighbours, the known pixels holding still. It is Laplace's equation
 * with the known pixels as its boundary; the Poisson blend of inpaint.ts solves it for the
 * difference between the picture and the pasted drawing (Pérez et al. 2003), and the magic
 * eraser can use it as a fill of its own.
 *
 * Gauss–Seidel alone needs thousands of sweeps for a hole a few hundred pixels wide, so the
 * solve runs coarse to fine (a cascadic multigrid): the problem is halved until it is small,
 * solved there, and each finer level starts from the coarser answer and needs only a few
 * over-relaxed sweeps to settle its detail.
 */

export type MembraneGrid = {
  /** Channels interleaved, `width × height × channels` values; unknown entries are overwritten. */
  values: Float32Array;
  /** 1 where the value is to be found, 0 where it is given. */
  unknown: Uint8Array;
  width: number;
  height: number;
  channels: number;
};

/** The coarsest level is solved to convergence; it is small enough for that to be quick. */
const coarsestPixels = 48 * 48;
/** Stop sweeping a level once no value moves by more than this (in 0–255 units). */
const tolerance = 0.02;

export function solveMembrane(grid: MembraneGrid, sweepsPerLevel = 40): void {
  const { unknown } = grid;
  if (!unknown.includes(1)) return;
  if (!unknown.includes(0)) {
    // Nothing to hold on to: the membrane is flat, and zero is as good a level as any.
    grid.values.fill(0);
    return;
  }
  solveLevel(grid, sweepsPerLevel);
}

function solveLevel(grid: MembraneGrid, sweeps: number): void {
  const { width: w, height: h } = grid;
  if (w * h > coarsestPixels && w > 3 && h > 3) {
    const coarse = restrict(grid);
    if (coarse.unknown.includes(0)) {
      solveLevel(coarse, sweeps);
      prolong(coarse, grid);
      relax(grid, sweeps, 1.6);
      return;
    }
  }
  startFromMean(grid);
  relax(grid, 5000, 1.9);
}

/**
 * Halves the grid: a coarse cell is given when any of its children is, with their mean, so
 * the boundary survives every level.
 */
function restrict(grid: MembraneGrid): MembraneGrid {
  const { width: w, height: h, channels: C, values, unknown } = grid;
  const cw = Math.ceil(w / 2);
  const ch = Math.ceil(h / 2);
  const cValues = new Float32Array(cw * ch * C);
  const cUnknown = new Uint8Array(cw * ch);
  const sum = new Float32Array(C);
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      sum.fill(0);
      let known = 0;
      for (let dy = 0; dy < 2; dy++) {
        const y = cy * 2 + dy;
        if (y >= h) continue;
        for (let dx = 0; dx < 2; dx++) {
          const x = cx * 2 + dx;
          if (x >= w) continue;
          const p = y * w + x;
          if (unknown[p]) continue;
          known++;
          for (let c = 0; c < C; c++) sum[c] = (sum[c] ?? 0) + (values[p * C + c] ?? 0);
        }
      }
      const q = cy * cw + cx;
      if (known === 0) cUnknown[q] = 1;
      else for (let c = 0; c < C; c++) cValues[q * C + c] = (sum[c] ?? 0) / known;
    }
  }
  return { values: cValues, unknown: cUnknown, width: cw, height: ch, channels: C };
}

/** Starts each unknown fine value from the coarse answer, sampled bilinearly. */
function prolong(coarse: MembraneGrid, fine: MembraneGrid): void {
  const { width: w, height: h, channels: C, values, unknown } = fine;
  const { width: cw, height: ch, values: cv } = coarse;
  for (let y = 0; y < h; y++) {
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(ch - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (!unknown[p]) continue;
      const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(cw - 1, x0 + 1);
      const tx = fx - x0;
      for (let c = 0; c < C; c++) {
        const a = cv[(y0 * cw + x0) * C + c] ?? 0;
        const b = cv[(y0 * cw + x1) * C + c] ?? 0;
        const d = cv[(y1 * cw + x0) * C + c] ?? 0;
        const e = cv[(y1 * cw + x1) * C + c] ?? 0;
        values[p * C + c] = (a * (1 - tx) + b * tx) * (1 - ty) + (d * (1 - tx) + e * tx) * ty;
      }
    }
  }
}

function startFromMean(grid: MembraneGrid): void {
  const { channels: C, values, unknown } = grid;
  const mean = new Float64Array(C);
  let known = 0;
  for (let p = 0; p < unknown.length; p++) {
    if (unknown[p]) continue;
    known++;
    for (let c = 0; c < C; c++) mean[c] = (mean[c] ?? 0) + (values[p * C + c] ?? 0);
  }
  for (let p = 0; p < unknown.length; p++) {
    if (!unknown[p]) continue;
    for (let c = 0; c < C; c++) values[p * C + c] = (mean[c] ?? 0) / Math.max(1, known);
  }
}

/**
 * Over-relaxed Gauss–Seidel sweeps over the unknown pixels. A neighbour outside the grid is
 * left out of the mean, which lets the membrane meet the picture's edge at a right angle
 * instead of pinning it there.
 */
function relax(grid: MembraneGrid, maxSweeps: number, omega: number): void {
  const { width: w, height: h, channels: C, values, unknown } = grid;
  const cells: number[] = [];
  for (let p = 0; p < unknown.length; p++) if (unknown[p]) cells.push(p);
  const order = Int32Array.from(cells);
  for (let sweep = 0; sweep < maxSweeps; sweep++) {
    let moved = 0;
    for (const p of order) {
      const x = p % w;
      const y = (p - x) / w;
      const left = x > 0;
      const right = x < w - 1;
      const up = y > 0;
      const down = y < h - 1;
      const n = (left ? 1 : 0) + (right ? 1 : 0) + (up ? 1 : 0) + (down ? 1 : 0);
      for (let c = 0; c < C; c++) {
        let s = 0;
        if (left) s += values[(p - 1) * C + c] ?? 0;
        if (right) s += values[(p + 1) * C + c] ?? 0;
        if (up) s += values[(p - w) * C + c] ?? 0;
        if (down) s += values[(p + w) * C + c] ?? 0;
        const i = p * C + c;
        const old = values[i] ?? 0;
        const next = old + omega * (s / n - old);
        values[i] = next;
        const change = Math.abs(next - old);
        if (change > moved) moved = change;
      }
    }
    if (moved < tolerance) return;
  }
}
