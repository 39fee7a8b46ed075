/**
 * A QR code encoder (ISO/IEC 18004): byte mode, error correction level M, versions 1–10, which
 * holds up to 213 bytes, plenty for a checkout address. The hosted checkout shows the address
 * as a code so a phone can open the same session.
 */

const MAX_VERSION = 10;
/** Level M, per version (index 0 unused). */
const ECC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
const BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5];
/** Alignment pattern centres, per version. */
const ALIGNMENT = [
  [],
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
];
/** Level M's two format bits. */
const LEVEL_M_BITS = 0;

export interface QrCode {
  size: number;
  /** `modules[row][column]`, true is dark. */
  modules: boolean[][];
}

/** Data modules of a version, in whole codewords. */
export function rawCodewords(version: number): number {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    modules -= (25 * align - 10) * align - 55;
    if (version >= 7) modules -= 36;
  }
  return Math.floor(modules / 8);
}

function dataCodewords(version: number): number {
  return rawCodewords(version) - ECC_PER_BLOCK[version]! * BLOCKS[version]!;
}

// GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}

function multiply(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!;
}

/** The Reed–Solomon error correction codewords of `data` (the remainder by the generator). */
export function reedSolomon(data: readonly number[], degree: number): number[] {
  // Generator (x − α^0)(x − α^1)…, highest coefficient (1) left out.
  let generator = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(generator.length + 1).fill(0);
    generator.forEach((c, j) => {
      next[j] = next[j]! ^ c;
      next[j + 1] = next[j + 1]! ^ multiply(c, EXP[i]!);
    });
    generator = next;
  }
  const divisor = generator.slice(1);
  const remainder = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ remainder.shift()!;
    remainder.push(0);
    divisor.forEach((c, j) => {
      remainder[j] = remainder[j]! ^ multiply(c, factor);
    });
  }
  return remainder;
}

/** The data codewords: mode, length, bytes, terminator and padding. */
function encodeData(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, version < 10 ? 8 : 16);
  bytes.forEach((b) => push(b, 8));
  const capacity = dataCodewords(version) * 8;
  push(0, Math.min(4, capacity - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    codewords.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
  }
  for (let pad = 0xec; codewords.length < capacity / 8; pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

/** Splits into blocks, adds each block's correction, and interleaves (data first, then ecc). */
export function addErrorCorrection(data: readonly number[], version: number): number[] {
  const blocks = BLOCKS[version]!;
  const eccLength = ECC_PER_BLOCK[version]!;
  const raw = rawCodewords(version);
  const shortBlocks = blocks - (raw % blocks);
  const shortData = Math.floor(raw / blocks) - eccLength;
  const dataBlocks: number[][] = [];
  const eccBlocks: number[][] = [];
  let offset = 0;
  for (let i = 0; i < blocks; i++) {
    const length = shortData + (i < shortBlocks ? 0 : 1);
    const block = data.slice(offset, offset + length);
    offset += length;
    dataBlocks.push(block);
    eccBlocks.push(reedSolomon(block, eccLength));
  }
  const result: number[] = [];
  for (let i = 0; i <= shortData; i++) {
    for (const block of dataBlocks) if (i < block.length) result.push(block[i]!);
  }
  for (let i = 0; i < eccLength; i++) for (const block of eccBlocks) result.push(block[i]!);
  return result;
}

/** A BCH code: `value` followed by the remainder of its division by `generator`. */
function bch(value: number, generator: number, generatorDegree: number): number {
  let remainder = value << generatorDegree;
  for (let bit = 31; bit >= generatorDegree; bit--) {
    if ((remainder >>> bit) & 1) remainder ^= generator << (bit - generatorDegree);
  }
  return (value << generatorDegree) | remainder;
}

/** The 15 format bits for a level (two bits) and mask. */
export function formatBits(levelBits: number, mask: number): number {
  return bch((levelBits << 3) | mask, 0x537, 10) ^ 0x5412;
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Matrix {
  readonly modules: boolean[][];
  readonly reserved: boolean[][];

  constructor(readonly size: number) {
    this.modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }

  fixed(x: number, y: number, dark: boolean) {
    this.modules[y]![x] = dark;
    this.reserved[y]![x] = true;
  }
}

function drawFunctionPatterns(m: Matrix, version: number) {
  const { size } = m;
  for (let i = 0; i < size; i++) {
    m.fixed(6, i, i % 2 === 0);
    m.fixed(i, 6, i % 2 === 0);
  }
  const finder = (cx: number, cy: number) => {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        m.fixed(x, y, ring !== 2 && ring !== 4);
      }
    }
  };
  finder(3, 3);
  finder(size - 4, 3);
  finder(3, size - 4);
  const centres = ALIGNMENT[version]!;
  const last = centres.length - 1;
  centres.forEach((cy, i) => {
    centres.forEach((cx, j) => {
      // The three corners hold finder patterns.
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          m.fixed(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }
    });
  });
  drawFormat(m, 0);
  if (version >= 7) {
    const bits = bch(version, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      m.fixed(a, b, dark);
      m.fixed(b, a, dark);
    }
  }
}

function drawFormat(m: Matrix, mask: number) {
  const { size } = m;
  const bits = formatBits(LEVEL_M_BITS, mask);
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) m.fixed(8, i, bit(i));
  m.fixed(8, 7, bit(6));
  m.fixed(8, 8, bit(7));
  m.fixed(7, 8, bit(8));
  for (let i = 9; i < 15; i++) m.fixed(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) m.fixed(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) m.fixed(8, size - 15 + i, bit(i));
  m.fixed(8, size - 8, true);
}

/** Places the codewords in the two-column zigzag, bottom right first, skipping column 6. */
function drawCodewords(m: Matrix, codewords: readonly number[]) {
  const { size } = m;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step;
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        if (m.reserved[y]![x]) continue;
        // Modules past the last codeword (remainder bits) stay light.
        if (i < codewords.length * 8) {
          m.modules[y]![x] = ((codewords[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1;
          i++;
        }
      }
    }
  }
}

function applyMask(m: Matrix, mask: number) {
  const test = MASKS[mask]!;
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) {
      if (!m.reserved[y]![x] && test(x, y)) m.modules[y]![x] = !m.modules[y]![x];
    }
  }
}

/** The standard's penalty score; the mask with the lowest one is used. */
function penalty(modules: boolean[][]): number {
  const size = modules.length;
  let score = 0;
  const lines: boolean[][] = [];
  for (let i = 0; i < size; i++) {
    lines.push(modules[i]!);
    lines.push(modules.map((row) => row[i]!));
  }
  for (const line of lines) {
    let run = 1;
    for (let i = 1; i <= size; i++) {
      if (i < size && line[i] === line[i - 1]) {
        run++;
      } else {
        if (run >= 5) score += run - 2;
        run = 1;
      }
    }
    const text = line.map((d) => (d ? '1' : '0')).join('');
    for (const pattern of ['10111010000', '00001011101']) {
      for (let at = text.indexOf(pattern); at !== -1; at = text.indexOf(pattern, at + 1)) {
        score += 40;
      }
    }
  }
  let dark = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const c = modules[y]![x]!;
      if (c) dark++;
      if (
        x < size - 1 &&
        y < size - 1 &&
        c === modules[y]![x + 1] &&
        c === modules[y + 1]![x] &&
        c === modules[y + 1]![x + 1]
      ) {
        score += 3;
      }
    }
  }
  score += Math.floor(Math.abs(dark * 20 - size * size * 10) / (size * size)) * 10;
  return score;
}

/** Encodes `text` (UTF-8) in the smallest version that holds it. */
export function encodeQr(text: string): QrCode {
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  const fits = (v: number) => 4 + (v < 10 ? 8 : 16) + bytes.length * 8 <= dataCodewords(v) * 8;
  while (version <= MAX_VERSION && !fits(version)) version++;
  if (version > MAX_VERSION) throw new RangeError('Text too long for a QR code');

  const codewords = addErrorCorrection(encodeData(bytes, version), version);
  const size = version * 4 + 17;
  let best: { score: number; modules: boolean[][] } | null = null;
  for (let mask = 0; mask < 8; mask++) {
    const m = new Matrix(size);
    drawFunctionPatterns(m, version);
    drawCodewords(m, codewords);
    applyMask(m, mask);
    drawFormat(m, mask);
    const score = penalty(m.modules);
    if (!best || score < best.score) best = { score, modules: m.modules };
  }
  return { size, modules: best!.modules };
}
