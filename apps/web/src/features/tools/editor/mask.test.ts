import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brushOutline } from './brush-outline';
import { exportMask } from './export-mask';
import {
  addMaskOp,
  canRedo,
  canUndo,
  emptyMaskHistory,
  isMaskEmpty,
  redoMaskOp,
  undoMaskOp,
  type MaskOp,
} from './mask-history';

/** Reads back an 8-bit greyscale PNG: its size and one byte per pixel. */
function decodeGreyPng(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Uint8Array[] = [];
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      expect(data[8]).toBe(8);
      expect(data[9]).toBe(0);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe(height * (width + 1));
  const pixels = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    expect(raw[row * (width + 1)]).toBe(0);
    pixels.set(raw.subarray(row * (width + 1) + 1, (row + 1) * (width + 1)), row * width);
  }
  return { width, height, at: (x: number, y: number) => pixels[y * width + x], pixels };
}

/** jsdom's File has no arrayBuffer(); its FileReader reads the same bytes. */
function readBytes(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file);
  });
}

async function maskOf(ops: MaskOp[], width: number, height: number) {
  const file = await exportMask(ops, width, height);
  expect(file.type).toBe('image/png');
  return decodeGreyPng(await readBytes(file));
}

const square: MaskOp = { kind: 'rect', mode: 'paint', x: 10, y: 20, width: 30, height: 40 };

describe('mask export', () => {
  it('is a PNG the picture’s own size, whatever is painted', async () => {
    const mask = await maskOf([square], 640, 360);
    expect([mask.width, mask.height]).toEqual([640, 360]);
    const empty = await maskOf([], 7, 5);
    expect([empty.width, empty.height]).toEqual([7, 5]);
    expect(empty.pixels.every((v) => v === 0)).toBe(true);
  });

  it('is white where painted and black elsewhere, with nothing in between', async () => {
    const mask = await maskOf([square], 100, 100);
    expect(mask.at(10, 20)).toBe(255);
    expect(mask.at(39, 59)).toBe(255);
    expect(mask.at(40, 59)).toBe(0);
    expect(mask.at(9, 20)).toBe(0);
    expect(mask.at(10, 60)).toBe(0);
    expect(mask.pixels.filter((v) => v === 255)).toHaveLength(30 * 40);
    expect(mask.pixels.every((v) => v === 0 || v === 255)).toBe(true);
  });

  it('inverts: the painted area turns black and the rest white', async () => {
    const mask = await maskOf([square, { kind: 'invert' }], 100, 100);
    expect(mask.at(20, 30)).toBe(0);
    expect(mask.at(0, 0)).toBe(255);
    expect(mask.at(99, 99)).toBe(255);
    expect(mask.pixels.filter((v) => v === 0)).toHaveLength(30 * 40);
  });

  it('takes away what the eraser covers and empties on clear', async () => {
    const erased = await maskOf(
      [square, { kind: 'rect', mode: 'erase', x: 10, y: 20, width: 30, height: 20 }],
      100,
      100,
    );
    expect(erased.at(20, 30)).toBe(0);
    expect(erased.at(20, 50)).toBe(255);
    const cleared = await maskOf([square, { kind: 'clear' }], 100, 100);
    expect(cleared.pixels.every((v) => v === 0)).toBe(true);
  });

  it('fills a lasso and a brush stroke where they pass, and not beyond', async () => {
    const lasso: MaskOp = {
      kind: 'lasso',
      mode: 'paint',
      points: [
        [50, 10],
        [90, 90],
        [10, 90],
      ],
    };
    const stroke: MaskOp = {
      kind: 'stroke',
      mode: 'paint',
      outline: brushOutline(
        [
          [10, 150],
          [60, 150],
          [110, 150],
        ],
        20,
      ),
    };
    const mask = await maskOf([lasso, stroke], 200, 200);
    expect(mask.at(50, 60)).toBe(255);
    expect(mask.at(15, 20)).toBe(0);
    expect(mask.at(60, 150)).toBe(255);
    expect(mask.at(60, 143)).toBe(255);
    expect(mask.at(60, 165)).toBe(0);
    expect(mask.at(160, 150)).toBe(0);
  });

  it('keeps a rectangle dragged up and left, and clips what lies outside the picture', async () => {
    const mask = await maskOf(
      [{ kind: 'rect', mode: 'paint', x: 60, y: 60, width: -80, height: -80 }],
      50,
      50,
    );
    expect(mask.pixels.every((v) => v === 255)).toBe(true);
  });
});

describe('mask history', () => {
  const a: MaskOp = square;
  const b: MaskOp = { kind: 'invert' };
  const c: MaskOp = { kind: 'clear' };

  it('undoes and redoes steps in order', () => {
    let history = addMaskOp(addMaskOp(emptyMaskHistory, a), b);
    expect(canRedo(history)).toBe(false);
    history = undoMaskOp(history);
    expect(history.done).toEqual([a]);
    expect(canRedo(history)).toBe(true);
    history = undoMaskOp(history);
    expect(history.done).toEqual([]);
    expect(canUndo(history)).toBe(false);
    expect(undoMaskOp(history)).toBe(history);
    history = redoMaskOp(redoMaskOp(history));
    expect(history.done).toEqual([a, b]);
    expect(redoMaskOp(history)).toBe(history);
  });

  it('forgets the undone steps once a new one is made', () => {
    let history = addMaskOp(addMaskOp(emptyMaskHistory, a), b);
    history = addMaskOp(undoMaskOp(history), c);
    expect(history.done).toEqual([a, c]);
    expect(canRedo(history)).toBe(false);
  });

  it('the exported mask follows undo and redo', async () => {
    let history = addMaskOp(addMaskOp(emptyMaskHistory, a), b);
    history = undoMaskOp(history);
    expect((await maskOf([...history.done], 100, 100)).at(0, 0)).toBe(0);
    history = redoMaskOp(history);
    expect((await maskOf([...history.done], 100, 100)).at(0, 0)).toBe(255);
  });

  it('knows when nothing is marked', () => {
    expect(isMaskEmpty([])).toBe(true);
    expect(isMaskEmpty([a])).toBe(false);
    expect(isMaskEmpty([a, c])).toBe(true);
    expect(isMaskEmpty([b])).toBe(false);
    expect(isMaskEmpty([b, b])).toBe(true);
    expect(isMaskEmpty([{ ...square, mode: 'erase' }])).toBe(true);
  });
});
